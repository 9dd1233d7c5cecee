import CFastMap
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The decoder's in-order member lookup (`JSONNode.member(_:after:)`) looks right after the
/// member it found last first. Whatever order the keys are asked in, present or missing, it must
/// answer what the plain lookup answers, on documents of every engine and on values built in
/// code.
@Suite struct OrderedMemberLookupTests {
    /// Every member the parsers write is found, for keys of every length and kind, in objects
    /// small (a scan finds repeated keys) and large (a table does), with a repeated key keeping
    /// its first value; every engine writes the same document.
    @Test func membersTheParsersWriteAreFoundOnceEach() throws {
        var random = SeededGenerator(seed: 0x1_45E27)
        let alphabet = Array("abcXYZ019_-é€😀 \"\\\u{1}")
        for count in [1, 7, 8, 9, 16, 17, 100, 1025, 5000] {
            var keys: [String] = []
            var seen = Set<String>()
            while keys.count < count {
                let length = Int(random.next() % 41)
                let key = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
                if seen.insert(key).inserted { keys.append(key) }
            }
            let encoded = try keys.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            // The first key again at the end: the first value stays.
            let members = encoded.enumerated().map { "\($1):\($0)" } + ["\(encoded[0]):-1"]
            let text = "{" + members.joined(separator: ",") + "}"
            let janssons = try JSON(string: text, options: .init(parser: .yajl))
            for parser in [JSONParser.yajl, .simdjson] {
                for usesArena in [true, false] {
                    let object = try JSON(string: text, options: .init(parser: parser, usesArena: usesArena))
                    #expect(object.node.objectCount == count)
                    var misses: [String] = []
                    for (index, key) in keys.enumerated() {
                        let value = object.node.member(key)
                        if value.map({ JSON(document: object.document, node: $0) }) != JSON(index) {
                            misses.append(key)
                        }
                    }
                    #expect(misses.isEmpty, "\(parser), arena \(usesArena), \(count) members: \(misses.prefix(5))")
                    #expect(object == janssons, "\(parser), arena \(usesArena), \(count) members")
                }
            }
        }
    }

    static func objects(keys: [String]) throws -> [JSON] {
        let members = try keys.enumerated().map {
            "\(String(decoding: try JSONEncoder().encode($1), as: UTF8.self)):\($0)"
        }
        let text = "{" + members.joined(separator: ",") + "}"
        var objects = try JSONParser.allCases.map { try JSON(string: text, options: .init(parser: $0)) }
        objects.append(try JSON(string: text, options: .init(usesArena: false)))
        // Built in code, member by member.
        objects.append(JSON(object: Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, JSON($0)) })))
        return objects
    }

    static func expectLookups(_ object: JSON, asking names: [String], sourceLocation: SourceLocation = #_sourceLocation)
    {
        var cursor = JSONMemberCursor()
        for name in names {
            let found = object.node.member(name, after: &cursor)
            #expect(found == object.node.member(name), "\(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyOrderOfAskingFindsWhatTheHashFinds() throws {
        var random = SeededGenerator(seed: 0x0B1E_C7)
        for count in [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 17, 40] {
            let keys = (0..<count).map { "key\($0)" } + (count > 2 ? ["", "a\u{0}b", "é"] : [])
            for object in try Self.objects(keys: keys) {
                let missing = ["absent", "key", "key\(count + 1)", "a"]
                Self.expectLookups(object, asking: keys)
                Self.expectLookups(object, asking: keys.reversed())
                Self.expectLookups(object, asking: keys.shuffled(using: &random))
                // Missing keys between present ones leave the cursor where it was.
                Self.expectLookups(object, asking: zip(keys, missing.cycled(to: keys.count)).flatMap { [$1, $0] })
                Self.expectLookups(object, asking: keys + keys)
            }
        }
    }

    /// A large object read out of order gets its keys hashed on the first miss, and every later
    /// lookup in it (reversed, missing, shuffled) answers what the plain lookup answers; a small
    /// one, or a large one read in order, is never hashed.
    @Test func largeObjectsReadOutOfOrderAreHashedOnTheFirstMiss() throws {
        let small = JSONMemberTable.smallestObject
        for count in [small, small + 1, 300] {
            let keys = (0..<count).map { "member\($0)" }
            for object in try Self.objects(keys: keys) {
                // In the object's own order (a value built from a dictionary has its own).
                let order = object.keys
                var inOrder = JSONMemberCursor()
                for key in order { _ = object.node.member(key, after: &inOrder) }
                #expect(!inOrder.hasTable(for: object.node), "\(count) members read in order")

                var reversed = JSONMemberCursor()
                for key in order.reversed() {
                    let found = object.node.member(key, after: &reversed)
                    #expect(found.map { JSON(document: object.document, node: $0) } == JSON(Int(key.dropFirst(6))!))
                }
                #expect(reversed.hasTable(for: object.node) == (count > small), "\(count) members reversed")
                #expect(object.node.member("absent", after: &reversed) == nil)
            }
        }
        // A cursor moving to another large object read out of order hashes that one instead.
        let count = small + 8
        let first = try JSON(string: "{" + (0..<count).map { "\"a\($0)\":\($0)" }.joined(separator: ",") + "}")
        let second = try JSON(string: "{" + (0..<count).map { "\"b\($0)\":\($0)" }.joined(separator: ",") + "}")
        var cursor = JSONMemberCursor()
        let last = first.node.member("a\(count - 1)", after: &cursor)
        #expect(last.map { JSON(document: first.document, node: $0) } == JSON(count - 1))
        #expect(cursor.hasTable(for: first.node))
        #expect(second.node.member("b20", after: &cursor).map { JSON(document: second.document, node: $0) } == 20)
        #expect(cursor.hasTable(for: second.node) && !cursor.hasTable(for: first.node))
        #expect(second.node.member("a20", after: &cursor) == nil)
    }

    /// A sparse parse writes only the members an object's schema names; every lookup still finds
    /// each of them, in any order, and none of the skipped ones.
    @Test func membersASparseParseKeptAreFoundInEveryOrder() throws {
        var random = SeededGenerator(seed: 0x5_9A85E)
        for count in [1, 2, 3, 12, 13, 17, 40, 64, 65] {
            let keys = (0..<count).map { "key\($0)" }
            // Every kept member is followed by a skipped one.
            let members = keys.enumerated().flatMap { ["\"\($1)\":\($0)", "\"skip\($0)\":[\($0)]"] }
            let bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
            let shape = JSONSparseShape()
            for key in keys { shape.setMember(key, to: JSONSparseShape()) }
            let schema = JSONSparseSchema(shape)
            for parser in [JSONParser.yajl, .simdjson] {
                let object = try bytes.withUnsafeBytes { raw in
                    JSON(
                        document: try JSONDocument.parse(
                            raw, parser: parser, maximumDepth: 512, allowsTrailingCommas: false, schema: schema))
                }
                #expect(object.node.objectCount == count)
                for (index, name) in keys.enumerated() {
                    #expect(object.node.member(name).map { JSON(document: object.document, node: $0) } == JSON(index))
                }
                #expect(object.node.member("skip0") == nil && object.node.member("absent") == nil)
                Self.expectLookups(object, asking: keys.reversed())
                Self.expectLookups(object, asking: keys.shuffled(using: &random) + ["skip1", "absent"] + keys)
            }
        }
    }

    @Test func aCursorMovedToAnotherObjectStartsAgain() throws {
        let first = try JSON(string: #"{"a":1,"b":2,"c":3}"#)
        let second = try JSON(string: #"{"b":4,"c":5,"a":6}"#)
        var cursor = JSONMemberCursor()
        #expect(first.node.member("a", after: &cursor).map { JSON(document: first.document, node: $0) } == 1)
        #expect(first.node.member("b", after: &cursor).map { JSON(document: first.document, node: $0) } == 2)
        #expect(second.node.member("c", after: &cursor).map { JSON(document: second.document, node: $0) } == 5)
        #expect(second.node.member("a", after: &cursor).map { JSON(document: second.document, node: $0) } == 6)
        #expect(second.node.member("b", after: &cursor).map { JSON(document: second.document, node: $0) } == 4)
        // Not an object: nothing, whatever the cursor.
        let array = try JSON(string: "[1,2]")
        #expect(array.node.member("a", after: &cursor) == nil)
    }

    /// A decoder's cursors, one per depth: each depth keeps its own place, depths past the
    /// first sixteen are added on the way (with every cursor before them kept), and a reset
    /// makes every one fresh.
    @Test func aDecodersCursorsKeepOnePlacePerDepth() throws {
        let keys = (0..<12).map { "key\($0)" }
        let objects = try Self.objects(keys: keys)
        let cursors = JSONMemberCursors()
        for depth in [0, 1, 15, 16, 17, 40, 1000, 3] {
            for (index, object) in objects.enumerated() {
                // Interleaved with a lookup at another depth, which must not move this one.
                let other = (depth + 1) % 7
                for key in keys {
                    let found = cursors.member(key, of: object.node, depth: depth)
                    #expect(found == object.node.member(key), "depth \(depth), \(key)")
                    let reversed = keys[keys.count - 1 - (keys.firstIndex(of: key) ?? 0)]
                    let elsewhere = objects[(index + 1) % objects.count].node
                    #expect(cursors.member(reversed, of: elsewhere, depth: other) == elsewhere.member(reversed))
                }
                #expect(cursors.member("absent", of: object.node, depth: depth) == nil)
            }
        }
        cursors.reset()
        #expect(cursors.member("key11", of: objects[0].node, depth: 1000) == objects[0].node.member("key11"))
        #expect(cursors.member("key0", of: objects[0].node, depth: 0) == objects[0].node.member("key0"))
    }
}

extension Array {
    /// The array repeated (and cut) to `count` elements; empty when the array is.
    fileprivate func cycled(to count: Int) -> [Element] {
        isEmpty ? [] : (0..<count).map { self[$0 % self.count] }
    }
}
