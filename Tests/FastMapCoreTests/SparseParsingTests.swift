import CFastMap
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// Issue #17: a parse under a sparse schema validates every byte as a full parse does (the same
/// errors, kind, message and location, whatever it skips) and builds exactly the members the
/// schema keeps, each container marked with what filtered it.
@Suite struct SparseParsingTests {
    static func full(_ bytes: [UInt8], _ parser: JSONParser, trailingCommas: Bool = true, depth: Int = 512)
        -> Result<JSON, FastMapError>
    {
        Result { () throws(FastMapError) -> JSON in
            try JSON(
                bytes: bytes,
                options: .init(parser: parser, maximumDepth: depth, allowsTrailingCommas: trailingCommas))
        }
    }

    static func sparse(
        _ bytes: [UInt8], _ parser: JSONParser, _ schema: JSONSparseSchema, trailingCommas: Bool = true,
        depth: Int = 512
    ) -> Result<JSON, FastMapError> {
        bytes.withUnsafeBytes { raw in
            Result { () throws(FastMapError) -> JSON in
                JSON(
                    document: try JSONDocument.parse(
                        raw, parser: parser, maximumDepth: depth, allowsTrailingCommas: trailingCommas, schema: schema))
            }
        }
    }

    /// A shape keeping every other member (by sorted key) of the objects of `node`, the elements'
    /// shape taken from the first element, and everything below depth `keepAllBelow`.
    static func halfShape(of node: JSONNode, depth: Int = 0, keepAllBelow: Int = 3) -> JSONSparseShape {
        let shape = JSONSparseShape()
        if depth >= keepAllBelow {
            shape.keepAll()
            return shape
        }
        if node.isObject {
            for (index, member) in node.members.sorted(by: { $0.key < $1.key }).enumerated() where index % 2 == 0 {
                shape.setMember(
                    member.key, to: halfShape(of: member.value, depth: depth + 1, keepAllBelow: keepAllBelow))
            }
        } else if node.isArray, let first = node.element(at: 0) {
            shape.element = halfShape(of: first, depth: depth + 1, keepAllBelow: keepAllBelow)
        }
        return shape
    }

    /// A shape keeping every member of the objects of `node` (as a dictionary's), each value
    /// under the shape of the first one, and array elements likewise; half shapes below.
    static func everyMemberShape(of node: JSONNode, depth: Int = 0) -> JSONSparseShape {
        let shape = JSONSparseShape()
        if node.isObject {
            shape.keepEveryMember()
            if let first = node.members.first?.value {
                shape.element = depth < 2 ? everyMemberShape(of: first, depth: depth + 1) : halfShape(of: first)
            }
        } else if node.isArray, let first = node.element(at: 0) {
            shape.element = everyMemberShape(of: first, depth: depth + 1)
        }
        return shape
    }

    /// Checks that `sparse` is `full` with exactly the members `shape` keeps.
    static func expectProjection(
        _ sparse: JSON, _ full: JSON, _ shape: JSONSparseShape?, schema: JSONSparseSchema,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (node, original) = (sparse.node, full.node)
        #expect(node.kind == original.kind, sourceLocation: sourceLocation)
        guard node.kind == original.kind else { return }
        let keepsAll = shape?.keepsAll ?? false
        if node.isObject || node.isArray {
            #expect((node.sparseMark == 0) == keepsAll, sourceLocation: sourceLocation)
        }
        if keepsAll || !(node.isObject || node.isArray) {
            #expect(sparse == full, sourceLocation: sourceLocation)
            return
        }
        func child(_ value: JSON, _ node: JSONNode) -> JSON { JSON(document: value.document, node: node) }
        if node.isArray {
            #expect(node.arrayCount == original.arrayCount, sourceLocation: sourceLocation)
            for index in 0..<min(node.arrayCount, original.arrayCount) {
                expectProjection(
                    child(sparse, node.element(at: index)!), child(full, original.element(at: index)!),
                    shape?.element, schema: schema, sourceLocation: sourceLocation)
            }
            return
        }
        let kept = Set(shape?.members.keys.map { $0 } ?? [])
        let everyMember = shape?.keepsEveryMember ?? false
        let expected = original.members.map(\.key).filter { everyMember || kept.contains($0) }
        #expect(node.members.map(\.key) == expected, sourceLocation: sourceLocation)
        for key in expected {
            #expect(schema.keeps(key, mark: node.sparseMark), sourceLocation: sourceLocation)
            guard let value = node.member(key) else { continue }
            expectProjection(
                child(sparse, value), child(full, original.member(key)!), shape?.memberShape(key), schema: schema,
                sourceLocation: sourceLocation)
        }
    }

    static func expectAgreement(
        _ bytes: [UInt8], shape: JSONSparseShape, trailingCommas: Bool = true, depth: Int = 512,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let schema = JSONSparseSchema(shape)
        for parser in [JSONParser.yajl, .simdjson] {
            let text = String(decoding: bytes.prefix(200), as: UTF8.self)
            switch (
                full(bytes, parser, trailingCommas: trailingCommas, depth: depth),
                sparse(bytes, parser, schema, trailingCommas: trailingCommas, depth: depth)
            ) {
            case (.success(let a), .success(let b)):
                expectProjection(b, a, shape, schema: schema, sourceLocation: sourceLocation)
            case (.failure(let a), .failure(let b)):
                #expect(
                    a.kind == b.kind && a.message == b.message && a.location == b.location,
                    "\(parser) error differs for \(text): \(a) vs \(b)", sourceLocation: sourceLocation)
            case (let a, let b):
                Issue.record(
                    "\(parser): full and sparse disagree on \(text): \(a) vs \(b)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func generatedDocumentsKeepWhatTheSchemaNames() throws {
        var random = RandomJSONGenerator(seed: 17, maximumDepth: 5)
        for round in 0..<300 {
            let value = random.container()
            let pretty: JSONSerialization.WritingOptions = round.isMultiple(of: 2) ? [] : [.prettyPrinted]
            let bytes = [UInt8](try JSONSerialization.data(withJSONObject: value, options: pretty))
            let parsed = try JSON(bytes: bytes)
            let shapes = [
                Self.halfShape(of: parsed.node), Self.halfShape(of: parsed.node, keepAllBelow: 1), JSONSparseShape(),
                Self.everyMemberShape(of: parsed.node),
            ]
            for shape in shapes {
                Self.expectAgreement(bytes, shape: shape)
                Self.expectAgreement(bytes, shape: shape, trailingCommas: false)
                // Damaged: one byte overwritten, and the text cut short; the errors must not move.
                for _ in 0..<4 where !bytes.isEmpty {
                    var damaged = bytes
                    let index = Int.random(in: 0..<bytes.count, using: &random.generator)
                    damaged[index] = EngineDifferentialTests.damage.randomElement(using: &random.generator)!
                    Self.expectAgreement(damaged, shape: shape)
                }
                Self.expectAgreement(
                    Array(bytes.prefix(Int.random(in: 0..<max(1, bytes.count), using: &random.generator))),
                    shape: shape)
            }
        }
    }

    /// Errors inside skipped values: bad UTF-8, lone surrogates, nesting past the limit,
    /// duplicate keys (first one wins, kept or skipped).
    @Test func errorsInsideSkippedValuesStay() {
        let keepA = JSONSparseShape()
        keepA.setMember("a", to: JSONSparseShape())
        let texts = [
            #"{"a":1,"b":"\ud800"}"#, #"{"a":1,"\udc00":2}"#, #"{"a":1,"b":["\ud83d\ude00x", "\ud83d"]}"#,
            #"{"a":1,"b":{"c":[1,2,{"d":"\ude00"}]}}"#, #"{"a":1,"a":2,"b":3,"b":4}"#, #"{"b":{"x":1},"a":[1,]}"#,
            #"{"b":[1,,2],"a":1}"#, #"{"b":1e999,"a":-0}"#, #"{"a":{"z":1},"a":[2]}"#, #"{"b":"x"} x"#,
        ]
        for text in texts { Self.expectAgreement(Array(text.utf8), shape: keepA) }
        Self.expectAgreement([0x7B, 0x22, 0x62, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], shape: keepA)
        Self.expectAgreement([0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], shape: keepA)
        for depth in [1, 2, 3, 10] {
            let nested =
                #"{"a":1,"b":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            for limit in [0, 1, 2, 3, 4, 10] {
                Self.expectAgreement(Array(nested.utf8), shape: keepA, depth: limit)
            }
        }
    }

    /// The simdjson walk checks the values a schema skips without reporting their tokens (one
    /// count per skipped member value, nested ones included) and fails on them exactly as if
    /// each token had gone through the builder: numbers, atoms, escapes in strings and keys,
    /// and the grammar.
    @Test func skippedValuesAreCheckedWithoutBeingReported() throws {
        let keepA = JSONSparseShape()
        keepA.setMember("a", to: JSONSparseShape())
        let schema = JSONSparseSchema(keepA)
        let long = #"more than thirty-two bytes\n\"quoted\"\t\\ \u00e9 \ud83d\ude00 \/ and then some"#
        let valid =
            #"{"b":[1,-2.5e3,{"c":"x\n\u00e9","d":[true,false,null]}],"a":{"k":1},"e":"\ud83d\ude00","f":{},"g":"\#(long)"}"#
        let (skipped, built) = (fm_test_simdjson_skipped_values(), fm_test_simdjson_documents())
        let parsed = try Self.sparse(Array(valid.utf8), .simdjson, schema).get()
        // b, e, f and g at the top, k inside a (whose shape keeps none of its members).
        #expect(fm_test_simdjson_skipped_values() - skipped == 5)
        #expect(fm_test_simdjson_documents() - built == 1)
        #expect(parsed.object?.keys.sorted() == ["a"])
        #expect(parsed["a"]?.object?.isEmpty == true)
        Self.expectAgreement(Array(valid.utf8), shape: keepA)

        let badValues = [
            "01", "1.", "-", "1e", "1e+", ".5", "-a", "tru", "nul", "falsey", "nulll", #""\x""#, #""\u12""#,
            #""\ud800""#, #""\udc00x""#, #""\ud83d\u0041""#, #""\ud83d\\""#, #""\ud83d\ude0""#, #""x\""#,
            #""\u00e9\uzzzz""#, #"{"\q":1}"#, #"{"\ud800":1}"#, "{1:2}", #"{"c" 1}"#, "[1 2]", "[1,]",
            #"{"c":1,}"#, "[", "{", #"{"c":}"#, "]", "[1}",
        ]
        for value in badValues {
            for text in [#"{"b":\#(value),"a":1}"#, #"{"a":1,"b":[\#(value)]}"#, #"{"a":1,"b":{"c":\#(value)}}"#] {
                let bytes = Array(text.utf8)
                #expect(throws: FastMapError.self, "\(text)") {
                    try Self.sparse(bytes, .simdjson, schema, trailingCommas: false).get()
                }
                Self.expectAgreement(bytes, shape: keepA, trailingCommas: false)
                Self.expectAgreement(bytes, shape: keepA)
            }
        }
    }

    /// Objects of one shape mostly list their keys in one order: from the second object on, each
    /// kept key is found through the hint the object before it left (the key that followed the
    /// same key there), with either engine, and what is kept is what the full parse has.
    @Test func keysInTheOrderOfTheObjectBeforeAreFoundThroughHints() throws {
        let shape = JSONSparseShape()
        shape.elements.setMember("a", to: JSONSparseShape())
        shape.elements.setMember("c", to: JSONSparseShape())
        let objects = (0..<100).map { #"{"a":\#($0),"b":[\#($0)],"c":"\#($0)"}"# }
        let bytes = Array("[\(objects.joined(separator: ","))]".utf8)
        for parser in [JSONParser.simdjson, .yajl] {
            let hinted = fm_sparse_hinted_keys()
            let parsed = try Self.sparse(bytes, parser, JSONSparseSchema(shape)).get()
            // `a` through the slot of an object's start, `c` through the slot after `a` (`b`,
            // which the shape does not keep, is looked up and leaves the hint where it was).
            #expect(fm_sparse_hinted_keys() - hinted == 99 * 2, "\(parser)")
            #expect(parsed.array?.count == 100)
            #expect(parsed[99]?["a"] == 99 && parsed[99]?["c"] == "99" && parsed[99]?["b"] == nil, "\(parser)")
        }
        Self.expectAgreement(bytes, shape: shape)
    }

    /// An object read as a dictionary keeps every member, each value filtered by one shape;
    /// repeated keys (the first wins) and errors inside the values agree with the full parse.
    @Test func everyMemberOfADictionaryIsKeptAndItsValuesFiltered() throws {
        let shape = JSONSparseShape()
        shape.keepEveryMember()
        shape.elements.setMember("id", to: JSONSparseShape())
        let schema = JSONSparseSchema(shape)
        let text = #"{"a":{"id":1,"x":[1,{"y":2}]},"b":{"x":3,"id":"two"},"c":5,"d":{}}"#
        for parser in [JSONParser.yajl, .simdjson] {
            let parsed = try Self.sparse(Array(text.utf8), parser, schema).get()
            #expect(parsed.object?.keys.sorted() == ["a", "b", "c", "d"])
            #expect(parsed["a"]?.object?.keys.sorted() == ["id"])
            #expect(parsed["b"]?["id"] == JSON("two"))
            #expect(parsed["c"] == JSON(5))
            #expect(schema.keepsEveryMember(mark: parsed.node.sparseMark))
            #expect(schema.keeps("anything", mark: parsed.node.sparseMark))
            #expect(!schema.keeps("x", mark: parsed["a"]!.node.sparseMark))
        }
        // A wide dictionary keeps every member; its values are filtered.
        let wide = "{" + (0..<100).map { #""k\#($0)":{"id":\#($0),"x":0}"# }.joined(separator: ",") + "}"
        let parsedWide = try Self.sparse(Array(wide.utf8), .simdjson, schema).get()
        #expect(parsedWide.object?.count == 100)
        #expect(parsedWide["k57"]?["id"] == JSON(57))
        #expect(schema.thawed().keepsEveryMember)
        #expect(schema.thawed().covers(shape) && shape.covers(schema.thawed()))
        let named = JSONSparseShape()
        named.setMember("a", to: JSONSparseShape())
        #expect(shape.covers(named) && !named.covers(shape))
        named.merge(shape)
        #expect(named.keepsEveryMember && named.members.isEmpty)
        let texts = [
            text, #"{"a":{"id":1},"a":{"id":2}}"#, #"{"a":{"id":1,"x":"\ud800"}}"#, #"{"a":{"id":1,"x":01}}"#,
            #"{"a":{"id":1},"a":{"id":2,"x":[1,]}}"#, #"{"\u00e9":{"id":1},"e\u0301":{"id":2}}"#,
        ]
        for text in texts { Self.expectAgreement(Array(text.utf8), shape: shape) }
    }

    /// A schema keeping ASCII keys with `K`, `;` or `` ` `` keeps the members that spell them
    /// with KELVIN SIGN, GREEK QUESTION MARK or GREEK VARIA (Swift calls those keys equal, so a
    /// decoder finds them), byte for byte as written, and nothing that only looks alike; `keeps`
    /// answers as the builder built. Both spellings of one key in one object are both kept.
    @Test func otherSpellingsOfKeptASCIIKeysAreKept() throws {
        let shape = JSONSparseShape()
        for key in ["K", "a;b", "`", "kK;"] { shape.setMember(key, to: JSONSparseShape()) }
        let schema = JSONSparseSchema(shape)
        let spelled = ["\u{212A}", "a\u{37E}b", "\u{1FEF}", "k\u{212A}\u{37E}"]
        let lookalikes = [
            "\u{212B}", "K\u{301}", "k", "\u{212A}\u{212A}", "\u{212A}\u{301}", "a\u{37E}\u{301}b", "\u{2126}",
        ]
        let texts = [
            "{" + (lookalikes + spelled).enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}",
            #"{"\u212A":1,"a\u037Eb":2,"\u1FEF":3,"k\u212A\u037E":4,"\u212B":5,"K\u0301":6}"#,
            #"{"K":1,"x":[1],"\u212A":2}"#, #"{"\u212A":1,"K":2,"\u212A":3}"#,
        ]
        for parser in [JSONParser.yajl, .simdjson] {
            let parsed = try Self.sparse(Array(texts[0].utf8), parser, schema).get()
            #expect(parsed.node.members.map { Array($0.key.utf8) } == spelled.map { Array($0.utf8) }, "\(parser)")
            let escaped = try Self.sparse(Array(texts[1].utf8), parser, schema).get()
            #expect(escaped.node.members.map { Array($0.key.utf8) } == spelled.map { Array($0.utf8) }, "\(parser)")
            let both = try Self.sparse(Array(texts[2].utf8), parser, schema).get()
            #expect(both.node.members.map { Array($0.key.utf8) } == [Array("K".utf8), Array("\u{212A}".utf8)])
            for key in spelled { #expect(schema.keeps(key, mark: parsed.node.sparseMark), "\(key)") }
            for key in lookalikes { #expect(!schema.keeps(key, mark: parsed.node.sparseMark), "\(key)") }
            #expect(!schema.keeps("\u{212A}", mark: parsed.node.sparseMark, onlyIfASCII: true))
        }
        for text in texts { Self.expectAgreement(Array(text.utf8), shape: shape) }
    }

    /// A node's kept keys are found through hash slots (twice as many as its keys, searched from
    /// the key's hash on): wide objects whose keys differ in one byte, in length only, or not at
    /// all in their first and last eight bytes, with every third key kept, and every key asked
    /// of `keeps` too, kept or not.
    @Test func wideObjectsKeepExactlyTheirKeptKeys() throws {
        let middles = (0..<120).map { String($0) }
        let families: [[String]] = [
            middles.map { "k\($0)" }, middles.map { "prefix__\($0)__suffix" },
            (0..<40).map { String(repeating: "a", count: $0) }, middles.map { "profile_\($0)_url_https_extended" },
            ["", "\u{E9}", "e", "\u{0}", "id", "id_str", "Id"],
        ]
        for keys in families {
            for keptCount in [0, 1, 2, keys.count / 3, keys.count] {
                let shape = JSONSparseShape()
                for key in keys.enumerated().filter({ $0.offset % 3 == 0 }).prefix(keptCount).map(\.element) {
                    shape.setMember(key, to: JSONSparseShape())
                }
                let object = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
                let bytes = [UInt8](try JSONSerialization.data(withJSONObject: object))
                Self.expectAgreement(bytes, shape: shape)
                let schema = JSONSparseSchema(shape)
                let tree = try Self.sparse(bytes, .simdjson, schema).get()
                for key in keys {
                    #expect(schema.keeps(key, mark: tree.node.sparseMark) == (shape.members[key] != nil), "\(key)")
                }
            }
        }
    }

    @Test func unreadElementsAreBuiltEmpty() throws {
        let shape = JSONSparseShape()
        shape.setMember("list", to: JSONSparseShape())
        let bytes = Array(#"{"list":[{"a":1},[2],3,"x"],"other":[{"b":2}]}"#.utf8)
        let schema = JSONSparseSchema(shape)
        let tree = try Self.sparse(bytes, .yajl, schema).get()
        #expect(tree.node.members.map(\.key) == ["list"])
        let list = try #require(tree.node.member("list"))
        #expect(list.arrayCount == 4)
        #expect(list.element(at: 0)!.objectCount == 0)
        // Arrays keep every element (an index is never a miss); only objects lose members.
        #expect(list.element(at: 1)!.arrayCount == 1)
        #expect(list.element(at: 0)!.sparseMark != 0)
        Self.expectAgreement(bytes, shape: shape)
        // Thawing gives back the shape: no element read stays "no element read".
        #expect(schema.thawed().covers(shape) && shape.covers(schema.thawed()))
    }
}
