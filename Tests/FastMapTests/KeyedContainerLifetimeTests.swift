import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// A keyed container holds its decoder: one a model keeps still reads its own object after the
/// decode call, and a decoder it holds is not handed to the next call or element (ASan checks
/// the lifetimes in `make leaks`).
@Suite("Keyed container lifetimes")
struct KeyedContainerLifetimeTests {
    enum Keys: String, CodingKey { case name, id, child, children }

    /// Keeps its container and reads `name` from it only when asked, after `decode` returned.
    struct KeepsContainer: Decodable {
        var id: Int
        let container: KeyedDecodingContainer<Keys>

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
        }

        var name: String { (try? container.decode(String.self, forKey: .name)) ?? "<failed>" }
    }

    /// Holds two containers of one key type at once, with a value of the same key type decoded
    /// between its reads.
    struct TwoAtOnce: Decodable, Equatable {
        var first: String
        var second: Int
        var child: Leaf

        init(from decoder: any Decoder) throws {
            let a = try decoder.container(keyedBy: Keys.self)
            let b = try decoder.container(keyedBy: Keys.self)
            child = try a.decode(Leaf.self, forKey: .child)
            first = try a.decode(String.self, forKey: .name)
            second = try b.decode(Int.self, forKey: .id)
        }
    }

    struct Leaf: Decodable, Equatable {
        var name: String
        var id: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            id = try container.decode(Int.self, forKey: .id)
        }
    }

    /// One key type at every depth: every level's container is in use while the next is asked
    /// for, and is read again (`name`) after its children.
    struct Tree: Codable, Equatable {
        var children: [Tree]
        var name: String
    }

    private func records(_ count: Int) -> Data {
        let items = (0..<count).map { #"{"id":\#($0),"name":"n\#($0)"}"# }
        return Data(("[" + items.joined(separator: ",") + "]").utf8)
    }

    @Test func keptContainersReadTheirOwnObjectAfterTheCall() throws {
        let decoder = FastJSONDecoder()
        let kept = try decoder.decode([KeepsContainer].self, from: records(50))
        // Another decode in between reads a document of its own.
        _ = try decoder.decode([KeepsContainer].self, from: records(7))
        #expect(kept.map(\.name) == (0..<50).map { "n\($0)" })
        #expect(kept.map(\.id) == Array(0..<50))
    }

    /// Keeps its decoder; a container asked of it after the call may outlive it.
    struct KeepsDecoder: Decodable, @unchecked Sendable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
    }

    @Test(arguments: [false, true])
    func aContainerTakenFromAKeptDecoderAfterTheCallHoldsIt(streamed: Bool) throws {
        let decoder = FastJSONDecoder()
        var kept: [KeepsDecoder]
        if streamed {
            // Each element's decoder is kept, so the loop hands none on.
            decoder.elementByElementThreshold = 0
            kept = try decoder.decode([KeepsDecoder].self, from: records(3))
        } else {
            kept = try (0..<3).map {
                try decoder.decode(KeepsDecoder.self, from: Data(#"{"id":\#($0),"name":"n\#($0)"}"#.utf8))
            }
        }
        var containers: [KeyedDecodingContainer<Keys>] = []
        for model in kept {
            _ = try model.decoder.container(keyedBy: Keys.self)
            containers.append(try model.decoder.container(keyedBy: Keys.self))
        }
        kept.removeAll()  // the containers are all that is left of the decoders
        #expect(try containers.map { try $0.decode(String.self, forKey: .name) } == ["n0", "n1", "n2"])
    }

    @Test(arguments: [false, true])
    func keptContainersOfStreamedElementsReadTheirOwnObject(elementByElement: Bool) throws {
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = elementByElement ? 0 : .max
        let first = try decoder.decode([KeepsContainer].self, from: records(300))
        let second = try decoder.decode([KeepsContainer].self, from: records(300))
        #expect(first.map(\.name) == (0..<300).map { "n\($0)" })
        #expect(second.map(\.name) == (0..<300).map { "n\($0)" })
    }

    @Test func keptContainersOfForEachReadTheirOwnObject() throws {
        let url = try Hostile.temporaryFile(Array(records(200)), name: "kept-containers")
        defer { try? FileManager.default.removeItem(at: url) }
        var kept: [KeepsContainer] = []
        try FastJSONDecoder().forEach(KeepsContainer.self, contentsOf: url) { kept.append($0) }
        #expect(kept.map(\.name) == (0..<200).map { "n\($0)" })
    }

    @Test func twoContainersOfOneKeyTypeAtOnceMatchFoundation() {
        assertSameDecoding(
            [TwoAtOnce].self,
            #"[{"name":"a","id":1,"child":{"name":"b","id":2}},{"name":"c","id":3,"child":{"name":"d","id":4}}]"#)
    }

    @Test(arguments: [1, 63, 64, 65, 200])
    func oneKeyTypeNestedDeeplyMatchesFoundation(depth: Int) throws {
        var tree = Tree(children: [], name: "leaf")
        for level in 0..<depth {
            tree = Tree(children: [tree, Tree(children: [], name: "side \(level)")], name: "level \(level)")
        }
        let data = try JSONEncoder().encode(tree)
        let options = FastJSONDecoder()
        options.maximumDepth = 1000
        #expect(try options.decode(Tree.self, from: data) == tree)
        // Twice with one decoder: the second call takes the decoder the first left.
        #expect(try options.decode(Tree.self, from: data) == tree)
    }

}

/// The encoder's side: containers of one key type in use at once, at every depth.
@Suite("Keyed encoding containers of one key type")
struct KeyedEncodingContainerNestingTests {
    enum Keys: String, CodingKey { case name, children, id }

    /// Writes its name after its children, so its container is written to after theirs (of
    /// the same key type) were made and used.
    struct Node: Encodable {
        var name: String
        var children: [Node]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(children, forKey: .children)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .id)
            try nested.encode(name.count, forKey: .id)
            try container.encode(name, forKey: .name)
        }
    }

    @Test(arguments: [1, 63, 64, 65, 150])
    func oneKeyTypeNestedDeeplyMatchesJSONEncoder(depth: Int) throws {
        var node = Node(name: "leaf", children: [])
        for level in 0..<depth { node = Node(name: "level \(level)", children: [node, Node(name: "s", children: [])]) }
        let fast = FastJSONEncoder()
        fast.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let expected = try foundation.encode(node)
        #expect(try fast.encode(node) == expected)
        // Again with the same encoder settings.
        #expect(try fast.encode(node) == expected)
    }
}
