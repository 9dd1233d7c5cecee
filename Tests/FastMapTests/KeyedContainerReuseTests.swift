@_spi(FastMapCore) import FastMapCore
import FastMapTestSupport
import Foundation
import Synchronization
import Testing

@testable import FastMap

/// A decoder hands an idle keyed container's box out again (JSONTreeDecoder+KeyedContainerReuse.swift);
/// these tests hold that a container still in use, or kept by a model, is never handed out, and
/// that a kept one still reads its own object after the decode call (ASan checks the lifetimes
/// in `make leaks`).
@Suite("Keyed container reuse")
struct KeyedContainerReuseTests {
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

    @Test func anIdleContainerIsHandedOutAgainAndOneInUseIsNot() throws {
        let json = try JSON(data: Data(#"{"a":{"id":1},"b":{"id":2}}"#.utf8))
        let decoder = JSONTreeDecoder(root: json, options: FastJSONDecoder().options, input: nil)
        decoder.trackKeyedContainers()
        defer { decoder.finishKeyedContainers() }
        var first: AnyObject? = unsafeBitCast(try decoder.container(keyedBy: Keys.self), to: AnyObject.self)
        let held = unsafeBitCast(try decoder.container(keyedBy: Keys.self), to: AnyObject.self)
        #expect(first !== held, "a container in use was handed out again")
        // Pinned, so that a new box cannot take the idle one's address.
        let firstIdentity = first.map(PinnedIdentity.init)
        first = nil
        let again = unsafeBitCast(try decoder.container(keyedBy: Keys.self), to: AnyObject.self)
        #expect(ObjectIdentifier(again) == firstIdentity?.identity, "the idle container was not handed out again")
    }

    @Test func keptContainersReadTheirOwnObjectAfterTheCall() throws {
        let decoder = FastJSONDecoder()
        let kept = try decoder.decode([KeepsContainer].self, from: records(50))
        // Another decode in between may reuse idle boxes, never the kept ones.
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
            // The first leaves an idle box behind, which the second would be handed.
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

    /// Notes the box of its keyed container.
    struct NotesItsBox: Decodable {
        static let boxes = Mutex<[PinnedIdentity]>([])

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            _ = try container.decode(Int.self, forKey: .id)
            let box = unsafeBitCast(container, to: AnyObject.self)
            Self.boxes.withLock { $0.append(PinnedIdentity(box)) }
        }
    }

    @Test func aStreamingLoopHandsOneBoxFromElementToElement() throws {
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = 0
        NotesItsBox.boxes.withLock { $0.removeAll() }
        _ = try decoder.decode([NotesItsBox].self, from: records(100))
        let boxes = NotesItsBox.boxes.withLock { $0.map(\.identity) }
        #expect(boxes.count == 100)
        #expect(Set(boxes).count == 1, "the loop made a new container for each element")
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
    func oneKeyTypeNestedDeeperThanTheKeptBoxesMatchesFoundation(depth: Int) throws {
        var tree = Tree(children: [], name: "leaf")
        for level in 0..<depth {
            tree = Tree(children: [tree, Tree(children: [], name: "side \(level)")], name: "level \(level)")
        }
        let data = try JSONEncoder().encode(tree)
        let options = FastJSONDecoder()
        options.maximumDepth = 1000
        #expect(try options.decode(Tree.self, from: data) == tree)
        // Twice with one decoder: the second call starts from the boxes the first kept.
        #expect(try options.decode(Tree.self, from: data) == tree)
    }

}

/// The encoder's side: a stream hands an idle keyed container's box out again, and never one
/// in use.
@Suite("Keyed encoding container reuse")
struct KeyedEncodingContainerReuseTests {
    enum Keys: String, CodingKey { case name, children, id }

    /// Notes the box of every keyed container its values were given.
    final class Boxes: @unchecked Sendable {
        var pinned: [PinnedIdentity] = []
        var identities: [ObjectIdentifier] { pinned.map(\.identity) }
    }

    struct Item: Encodable {
        var id: Int
        let boxes: Boxes

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            boxes.pinned.append(PinnedIdentity(unsafeBitCast(container, to: AnyObject.self)))
            try container.encode(id, forKey: .id)
        }
    }

    /// Writes its name after its children, so its container is written to after theirs (of
    /// the same key type) were made and used. (Were its box handed to a child, the stream would
    /// see a stale handle and encode again through the tree: the bytes hold either way, which
    /// is why `theElementsOfAnArrayShareOneIdleContainer` checks the boxes themselves.)
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

    @Test func theElementsOfAnArrayShareOneIdleContainer() throws {
        let boxes = Boxes()
        let items = (0..<5).map { Item(id: $0, boxes: boxes) }
        let bytes = try FastJSONEncoder().encode(items)
        #expect(String(decoding: bytes, as: UTF8.self) == #"[{"id":0},{"id":1},{"id":2},{"id":3},{"id":4}]"#)
        #expect(Set(boxes.identities).count == 1, "each element's container was a new box")
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
        // Again with the same encoder settings: every call starts with no kept boxes.
        #expect(try fast.encode(node) == expected)
    }
}

/// An object's identity, with an unowned reference that keeps its memory from being handed to a
/// later object (an unowned reference does not keep the object alive, nor count for
/// `isKnownUniquelyReferenced`): two identities are equal only if the object was the same.
struct PinnedIdentity: @unchecked Sendable {
    let identity: ObjectIdentifier
    unowned let pin: AnyObject

    init(_ object: AnyObject) {
        identity = ObjectIdentifier(object)
        pin = object
    }
}
