import CFastMap
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The simdjson walk decodes a string holding escapes over its own bytes in the document's copy
/// of the text, so a parsed document does not keep such a string twice; when the walk then
/// rejects the text, yajl must still read it exactly as it was given.
@Suite struct EscapedStringsInPlaceTests {
    /// Bytes a document holds after `fm_parse` of `text` with the simdjson engine.
    static func documentSize(_ text: String) throws -> Int {
        let doc = try #require(fm_doc_create(Int(bitPattern: UInt.max)))  // SIZE_MAX: no limit
        defer { fm_doc_free(doc) }
        var root: UnsafePointer<fm_cell>?
        var error = fm_parse_error()
        let bytes = Array(text.utf8)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                fm_parse($0.baseAddress, $0.count, FM_ENGINE_SIMDJSON, 512, 0, nil, doc, &root, &error)
            }
        }
        #expect(status == 0)
        return fm_doc_size(doc)
    }

    @Test func escapedStringsAreNotKeptTwice() throws {
        // 40,000 bytes of escaped text decode to 30,000: a second copy would show in the size.
        let escaped = String(repeating: #"ab\n"#, count: 10_000)
        let text = #"[""# + escaped + #"", {"k\u00e9y": ""# + escaped + #""}]"#
        let size = try Self.documentSize(text)
        // The text's own copy (with its padding), the cells, and the blocks' headers.
        #expect(size < text.utf8.count + 4_096, "document of \(text.utf8.count) bytes holds \(size)")

        let json = try JSON(string: text, options: .init(parser: .simdjson))
        let decoded = String(repeating: "ab\n", count: 10_000)
        #expect(json[0]?.string == decoded)
        #expect(json[1]?["kéy"]?.string == decoded)
    }

    /// Escapes of every kind and length, next to each other, at the start and at the end.
    @Test func decodedStringsMatchYajl() {
        let pieces = [
            #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u00e9"#, #"\u20ac"#,
            #"\ud83d\ude00"#, "x", "é", "€", "😀", String(repeating: "y", count: 40),
        ]
        var documents: [String] = []
        for first in pieces {
            for second in pieces {
                documents.append(#"[""# + first + second + #"", ""# + second + first + #"", {""# + first + #"": 1}]"#)
            }
        }
        for document in documents { EngineDifferentialTests.expectAgreement(Array(document.utf8)) }
    }

    /// The decoder copies the text between escapes a block at a time (sixteen bytes, or a word
    /// in a portable build) and the last few bytes on their own: an escape at every place in a
    /// block, runs of every length around a block's, and a string ending anywhere in one, each
    /// followed by another string that a store past the end would overwrite. Decoded over the
    /// document's text (whole parses, as keys and as values) and into a buffer (streamed
    /// elements), each must read as yajl reads it.
    @Test func escapesAtEveryPlaceInABlock() throws {
        let escapes = [#"\n"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\\"#, #"\""#]
        let runs = [0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47]
        for lead in 0...17 {
            var strings: [String] = []
            for (index, gap) in runs.enumerated() {
                for tail in 0...17 {
                    let first = escapes[(lead + index) % escapes.count]
                    let second = escapes[(tail + index + 1) % escapes.count]
                    strings.append(
                        String(repeating: "a", count: lead) + first + String(repeating: "b", count: gap) + second
                            + String(repeating: "c", count: tail))
                }
            }
            let values = strings.map { #""\#($0)""# }.joined(separator: ",")
            let members = strings.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",")
            let text = "[\(values), {\(members)}]"
            EngineDifferentialTests.expectAgreement(Array(text.utf8))
            // A string the walk fails to decode sends the text to yajl, which would hide the error.
            let built = fm_test_simdjson_documents()
            _ = try JSON(string: text, options: .init(parser: .simdjson))
            #expect(fm_test_simdjson_documents() == built + 1, "yajl built the document, lead \(lead)")
            let (streamed, bySimdjson) = try runStreamCounting([Array(text.utf8)], mode: .array(.root))
            // The stream's yajl reads the first element and the last; windows read the rest.
            #expect(bySimdjson == strings.count - 1, "yajl read streamed elements, lead \(lead)")
            let byYajl = try runStream([Array(text.utf8)], mode: .array(.root), parser: .yajl)
            #expect(streamed == byYajl, "streamed elements differ, lead \(lead)")
            #expect(streamed.stop == nil && streamed.elements.count == strings.count + 1)
        }
    }

    /// The walk decodes `"a\"b"` over itself (leaving `"a"bb"` in the copy) before it finds the
    /// error at the end: yajl, which words the error, must read the original text, or it would
    /// report `bb` at byte 5 instead.
    @Test func aRejectedTextReachesYajlAsGiven() {
        let texts = [
            #"["a\"b", 1, tru]"#, #"{"k\"ey": "v\\w", "x": 01}"#, #"["\u00e9\"", [1,,2]]"#,
            #"[{"a\"b": "c\nd"}, "e\"f"] x"#,
        ]
        for text in texts {
            // Trailing commas allowed (the default), yajl blanks the commas of the given text first.
            EngineDifferentialTests.expectAgreement(Array(text.utf8))
            EngineDifferentialTests.expectAgreement(Array(text.utf8), options: .init(allowsTrailingCommas: false))
        }
    }
}
