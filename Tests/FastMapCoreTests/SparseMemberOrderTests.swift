import CFastMap
import FastMapTestSupport
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// A sparse parse keeps an object's members in the order its schema numbers them, which is the
/// order the model read them in while it was learned (``JSONSparseShape/memberOrder``), so the
/// decode's in-order lookups find each member at their first look whatever order the document
/// has them in. A repeated key, or a schema naming more than 64 members there, keeps the
/// document's order.
@Suite struct SparseMemberOrderTests {
    /// The keys of the sparse tree's object, for each engine.
    static func keptKeys(_ text: String, _ shape: JSONSparseShape, at path: [String] = []) throws -> [[String]] {
        let schema = JSONSparseSchema(shape)
        return try [JSONParser.yajl, .simdjson].map { parser in
            var value = try SparseParsingTests.sparse(Array(text.utf8), parser, schema).get()
            for key in path { value = try #require(value[key]) }
            return value.keys
        }
    }

    /// A shape reading `keys` in this order.
    static func reading(_ keys: [String]) -> JSONSparseShape {
        let shape = JSONSparseShape()
        for key in keys { _ = shape.member(key) }
        return shape
    }

    @Test func keptMembersComeInTheOrderTheShapeReadThem() throws {
        let shape = Self.reading(["c", "a", "b"])
        let inner = shape.member("c")
        for key in ["z", "x", "y"] { _ = inner.member(key) }
        let text = #"{"a":1,"skip":[{"c":0}],"b":2,"c":{"x":1,"y":2,"w":0,"z":3},"d":4}"#
        #expect(try Self.keptKeys(text, shape) == [["c", "a", "b"], ["c", "a", "b"]])
        #expect(try Self.keptKeys(text, shape, at: ["c"]) == [["z", "x", "y"], ["z", "x", "y"]])
        // Missing members leave the others in order; the values are the document's.
        #expect(try Self.keptKeys(#"{"b":2,"a":1}"#, shape) == [["a", "b"], ["a", "b"]])
        let tree = try SparseParsingTests.sparse(Array(text.utf8), .simdjson, JSONSparseSchema(shape)).get()
        #expect(tree["a"] == JSON(1) && tree["b"] == JSON(2) && tree["c"]?["z"] == JSON(3))
    }

    /// Every position a member can be added at: the shape reads six keys, the documents hold
    /// every order of them (720), and of five of them.
    @Test func everyOrderOfTheDocumentGivesTheShapesOrder() throws {
        let keys = ["k0", "k1", "k2", "k3", "k4", "k5"]
        let shape = Self.reading(keys)
        let schema = JSONSparseSchema(shape)
        for order in permutations(keys) + permutations(Array(keys.dropFirst())) {
            let text = "{" + order.map { "\"\($0)\":\"\($0)\",\"skip_\($0)\":0" }.joined(separator: ",") + "}"
            for parser in [JSONParser.yajl, .simdjson] {
                let object = try SparseParsingTests.sparse(Array(text.utf8), parser, schema).get()
                let expected = keys.filter(order.contains)
                #expect(object.node.members.map(\.key) == expected, "\(parser): \(order)")
                for key in expected { #expect(object[key] == JSON(key)) }
            }
        }
    }

    @Test func aRepeatedKeyKeepsTheDocumentsOrderAndTheFirstValue() throws {
        let shape = Self.reading(["a", "b"])
        let text = #"{"b":1,"a":2,"b":3}"#
        #expect(try Self.keptKeys(text, shape) == [["b", "a"], ["b", "a"]])
        for parser in [JSONParser.yajl, .simdjson] {
            let tree = try SparseParsingTests.sparse(Array(text.utf8), parser, JSONSparseSchema(shape)).get()
            #expect(tree["b"] == JSON(1), "\(parser)")
        }
    }

    /// The 64th member (the last bit of the builder's mask) is placed like the others; past 64
    /// named members an object is hashed by jansson and keeps the document's order.
    @Test func sixtyFourNamedMembersAreOrderedSixtyFiveAreNot() throws {
        for count in [63, 64, 65] {
            let keys = (0..<count).map { "key\($0)" }
            let shape = Self.reading(keys)
            let reversed = Array(keys.reversed())
            let text = "{" + reversed.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
            let expected = count <= 64 ? keys : reversed
            let kept = try Self.keptKeys(text, shape)
            #expect(kept == [expected, expected], "\(count) members")
            // The last key read first in the document, then the rest: it goes to the end.
            let rotated = [keys[count - 1]] + keys.dropLast()
            let rotatedText = "{" + rotated.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
            let expectedRotated = count <= 64 ? keys : rotated
            let keptRotated = try Self.keptKeys(rotatedText, shape)
            #expect(keptRotated == [expectedRotated, expectedRotated], "\(count) members")
        }
    }

    @Test func theMemberOrderIsTheOrderKeysWereFirstRead() {
        let shape = Self.reading(["b", "a", "b", "c"])
        #expect(shape.memberOrder == ["b", "a", "c"])
        // Replacing a member's shape keeps its place; new keys set go last, in the order set.
        shape.setMember("a", to: Self.reading(["x"]))
        shape.setMember("z", to: JSONSparseShape())
        shape.setMember("e", to: JSONSparseShape())
        #expect(shape.memberOrder == ["b", "a", "c", "z", "e"])
        #expect(shape.members["a"]?.memberOrder == ["x"])
        // Reading a known key again moves nothing.
        _ = shape.member("b")
        #expect(shape.memberOrder == ["b", "a", "c", "z", "e"])
        // Widening adds the other shape's new keys after the known ones, in its order.
        let other = Self.reading(["q", "c", "p"])
        shape.merge(other)
        #expect(shape.memberOrder == ["b", "a", "c", "z", "e", "q", "p"])
        // The schema numbers them so, and thaws them back in that order.
        #expect(JSONSparseSchema(shape).thawed().memberOrder == shape.memberOrder)
        // Reading as a dictionary or as a whole forgets them.
        let dictionary = Self.reading(["b", "a"])
        dictionary.keepEveryMember()
        #expect(dictionary.memberOrder.isEmpty && dictionary.members.isEmpty)
        _ = dictionary.member("c")
        #expect(dictionary.memberOrder.isEmpty && dictionary.element != nil)
        let whole = Self.reading(["b", "a"])
        whole.keepAll()
        #expect(whole.memberOrder.isEmpty && whole.members.isEmpty)
    }

    /// Objects of one schema node mostly list their keys in one order, so the builder compares
    /// each key first with the one that followed the previous key last time. Hinted or looked up,
    /// every key lands where a full parse puts it, whatever the orders, gaps, repeats and
    /// spellings.
    @Test func keysFollowingTheOrderOfTheObjectBeforeAreFoundByTheirHint() throws {
        let shape = JSONSparseShape()
        let element = shape.elements
        for key in ["id", "name", "K", "owner"] { _ = element.member(key) }
        _ = element.member("owner").member("login")
        func object(_ id: Int, _ keys: [String]) -> String {
            let members = keys.map { key -> String in
                switch key {
                case "owner": return #""owner":{"x":[1,{"login":0}],"login":"l\#(id)"}"#
                case "skip": return #""skip":{"id":-1,"name":["n"]}"#
                default: return "\"\(key)\":\(id)"
                }
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        let sameOrder =
            "[" + (0..<20).map { object($0, ["id", "skip", "name", "K", "owner"]) }.joined(separator: ",") + "]"
        for parser in [JSONParser.yajl, .simdjson] {
            let before = fm_sparse_hinted_keys()
            _ = try SparseParsingTests.sparse(Array(sameOrder.utf8), parser, JSONSparseSchema(shape)).get()
            // The first object teaches the order; each of the other 19 finds its 4 kept keys and
            // its owner's login by the hint.
            #expect(fm_sparse_hinted_keys() - before >= 19 * 5, "\(parser)")
        }
        SparseParsingTests.expectAgreement(Array(sameOrder.utf8), shape: shape)
        var random = SeededGenerator(seed: 0x41_7E)
        let keys = ["id", "name", "K", "owner", "skip", "\u{212A}"]
        let mixed = (0..<60).map { id in
            // Shuffled, some left out, some written twice, `K` spelled as the Kelvin sign too.
            var chosen = keys.shuffled(using: &random).prefix(Int.random(in: 0...keys.count, using: &random))
            if id % 7 == 0, let first = chosen.first { chosen.append(first) }
            return object(id, Array(chosen))
        }
        SparseParsingTests.expectAgreement(Array(("[" + mixed.joined(separator: ",") + "]").utf8), shape: shape)
        for text in mixed { SparseParsingTests.expectAgreement(Array("[\(text),\(text)]".utf8), shape: shape) }
    }
}
