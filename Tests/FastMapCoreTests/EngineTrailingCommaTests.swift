import CFastMap
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// Trailing commas are read by the simdjson walk itself, not blanked out for a second walk, and
/// a document is read at most twice whatever it holds: by the walk, then by yajl, which words
/// the error (yajl reads a text once, given to it without its trailing commas).
@Suite struct EngineTrailingCommaTests {
    /// Texts with trailing commas, each beside the same text without them. The last ones put
    /// commas and quotes, escaped or not, at every place in the eight bytes that yajl's blanking
    /// reads at once.
    static let accepted: [(text: String, clean: String)] =
        [
            ("[1,]", "[1]"), (#"{"a":1,}"#, #"{"a":1}"#), ("[1 ,\n\t]", "[1]"), ("[ [ ] , ]", "[[]]"),
            ("[[1,],[2,],]", "[[1],[2]]"), (#"{"a":{"b":[1,2,],},}"#, #"{"a":{"b":[1,2]}}"#),
            (#"[{"a":[]},]"#, #"[{"a":[]}]"#), ("[true,false,null,]", "[true,false,null]"),
            (#"["],",]"#, #"["],"]"#), (#"{"a":"},",}"#, #"{"a":"},"}"#), ("[-1.5e3,\r\n]", "[-1.5e3]"),
        ]
        + (0..<9).map { shift in
            let space = String(repeating: " ", count: shift)
            return (
                space + #"["q\",","\\",["\\\",]",],]"#, space + #"["q\",","\\",["\\\",]"]]"#
            )
        }

    /// Texts rejected with trailing commas allowed, each with the error both engines report
    /// (kind syntax; line, column, offset: the first byte of the token out of place): missing values
    /// (`[,]`, `[1,,]`, `{"a":,}`, `{,}`), a comma after the top-level value, and trailing
    /// commas beside another mistake.
    static let rejected: [(text: String, line: Int, column: Int, offset: Int)] = [
        ("[,]", 1, 2, 1), ("[1,,]", 1, 4, 3), (#"{"a":,}"#, 1, 6, 5), ("{,}", 1, 2, 1), ("[ , ]", 1, 3, 2),
        ("[ 1 , , ]", 1, 7, 6), (#"{ "a" : , }"#, 1, 9, 8), ("{\n,\n}", 2, 1, 2), ("[\n1,\n,\n]", 3, 1, 5),
        (#"{"a":[,]}"#, 1, 7, 6), (#"{"a":{,}}"#, 1, 7, 6), (#"[{"a":,}]"#, 1, 7, 6), (#"{"a":1,,}"#, 1, 8, 7),
        ("[1],", 1, 4, 3), (#"{"a":1},"#, 1, 8, 7), ("[1,] ,", 1, 6, 5), ("[1,\n]\n,", 3, 1, 6),
        (#"{"a":[1,],"b":{"c":2,},}"# + "\n,", 2, 1, 25), ("[[1,],,]", 1, 7, 6), (#"[{"a":1,},,]"#, 1, 11, 10),
        ("[1,]]", 1, 5, 4), ("[1,]x", 1, 5, 4), ("[1,}", 1, 4, 3), (#"{"a":1,]"#, 1, 8, 7), (#"{"a",}"#, 1, 6, 5),
        ("[1,\n  [2,],\n  tru\n]", 3, 6, 17),
    ]

    static func parse(_ text: String, _ parser: JSONParser, trailingCommas: Bool = true) throws(FastMapError) -> JSON {
        try JSON(bytes: Array(text.utf8), options: .init(parser: parser, allowsTrailingCommas: trailingCommas))
    }

    /// One read of the walk builds each text: no strict walk failing first, no yajl parse, no
    /// second walk over blanked commas.
    @Test func walkReadsTrailingCommasItself() throws {
        for (text, clean) in Self.accepted {
            let (documents, parses) = (fm_test_simdjson_documents(), fm_test_parses())
            let json = try Self.parse(text, .simdjson)
            #expect(fm_test_simdjson_documents() - documents == 1, "\(text)")
            #expect(fm_test_parses() - parses == 1, "\(text)")
            #expect(json == (try Self.parse(clean, .yajl, trailingCommas: false)), "\(text)")
            #expect(json == (try Self.parse(text, .yajl)), "\(text)")
            // Strict mode still rejects them, on both engines.
            for parser in [JSONParser.simdjson, .yajl] {
                #expect(throws: FastMapError.self, "\(text)") { try Self.parse(text, parser, trailingCommas: false) }
            }
        }
    }

    /// Every rejected form fails as it did (kind, line, column, offset) on both engines, the
    /// engines agree on the message too, and the text is read at most twice: the walk and yajl
    /// for the simdjson engine; for the yajl engine yajl alone, or, for a text mostly of white
    /// space, yajl on its compact text and then on the text as given (EngineCompactTextTests).
    @Test func malformedTextsFailAsBeforeAndAreReadAtMostTwice() {
        for (text, line, column, offset) in Self.rejected {
            var messages: [String] = []
            for parser in [JSONParser.simdjson, .yajl] {
                let (parses, compacted) = (fm_test_parses(), fm_test_compacted_texts())
                do {
                    _ = try Self.parse(text, parser)
                    Issue.record("\(parser) accepted \(text.debugDescription)")
                } catch {
                    #expect(error.kind == .syntax, "\(parser) \(text.debugDescription)")
                    #expect(
                        error.location == .init(line: line, column: column, offset: offset),
                        "\(parser) \(text.debugDescription): \(error)")
                    messages.append(error.message)
                }
                let reads = parser == .simdjson ? 2 : 1 + (fm_test_compacted_texts() - compacted)
                #expect(fm_test_parses() - parses == reads, "\(parser) \(text.debugDescription)")
            }
            #expect(messages.count == 2 && messages[0] == messages[1], "\(text.debugDescription)")
        }
    }

    /// A sparse parse reads trailing commas in the members it keeps and in those it skips with
    /// the one walk, and its errors are the full parse's.
    @Test func sparseWalkReadsTrailingCommas() throws {
        let keepA = JSONSparseShape()
        let inner = JSONSparseShape()
        inner.setMember("k", to: JSONSparseShape())
        keepA.setMember("a", to: inner)
        let schema = JSONSparseSchema(keepA)
        func sparse(_ text: String, _ parser: JSONParser) throws(FastMapError) -> JSON {
            try Array(text.utf8).withUnsafeBytes { raw in
                Result { () throws(FastMapError) -> JSON in
                    JSON(
                        document: try JSONDocument.parse(
                            raw, parser: parser, maximumDepth: 512, allowsTrailingCommas: true, schema: schema))
                }
            }.get()
        }
        let text = #"{"b":[1,{"c":[2,],},],"a":{"k":[3,],"x":{"y":4,},},"d":{"e":5,},}"#
        let (documents, parses, skipped) = (
            fm_test_simdjson_documents(), fm_test_parses(), fm_test_simdjson_skipped_values()
        )
        let parsed = try sparse(text, .simdjson)
        #expect(fm_test_simdjson_documents() - documents == 1)
        #expect(fm_test_parses() - parses == 1)
        // b and d at the top, x inside a.
        #expect(fm_test_simdjson_skipped_values() - skipped == 3)
        #expect(parsed == (try Self.parse(#"{"a":{"k":[3]}}"#, .yajl)))
        #expect(parsed == (try sparse(text, .yajl)))

        // A mistake after a trailing comma inside a skipped value: the full parse's error, read
        // by the walk and then by yajl.
        let broken = #"{"b":[1,{"c":[2,],},,],"a":{"k":[3,]}}"#
        let expected = #expect(throws: FastMapError.self) { try Self.parse(broken, .yajl) }
        for parser in [JSONParser.simdjson, .yajl] {
            let before = fm_test_parses()
            let error = #expect(throws: FastMapError.self) { try sparse(broken, parser) }
            #expect(error?.location == expected?.location && error?.message == expected?.message, "\(parser)")
            #expect(fm_test_parses() - before == (parser == .yajl ? 1 : 2), "\(parser)")
        }
    }
}
