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
