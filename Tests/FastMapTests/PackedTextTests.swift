import FastMap
import Foundation
import Testing

@testable import FastMapCore

/// Only a `JSON` value handed to the caller packs its document's text (`fm_doc_pack_text`): a
/// decode reads its document once and drops it, so it does not pay for the moves.
@Suite struct PackedTextTests {
    static let text: Data = {
        let records = (0..<2000).map { index in
            "    {\n        \"id\"   :   \(index),\n        \"name\" :   \"record-\(index)\",\n        \"ok\"   :   true\n    }"
        }
        return Data(("[\n" + records.joined(separator: ",\n") + "\n]\n").utf8)
    }()

    @Test func aDecodedDocumentKeepsItsWholeTextAndAParsedValuePacksIt() throws {
        let decoded = try FastJSONDecoder().decode(JSON.self, from: Self.text)
        let parsed = try JSON(data: Self.text)
        #expect(decoded == parsed)
        // The decoder's document still holds the text whole (a copy the size of the input);
        // the parsed value's holds its strings' bytes only.
        #expect(decoded.document.memorySize > Self.text.count)
        #expect(decoded.document.memorySize - parsed.document.memorySize > Self.text.count / 2)
    }

    /// A text with fewer tokens than one for every 32 bytes (long strings, wide indentation) is
    /// kept whole: moving it would save little, and its values take at most a quarter of its size.
    @Test func aTextOfFewTokensForItsSizeIsKeptWhole() throws {
        let string = String(repeating: "s", count: 60)
        let line = String(repeating: " ", count: 60) + "\"" + string + "\\n\""
        let text = Data(("[\n" + Array(repeating: line, count: 2000).joined(separator: ",\n") + "\n]").utf8)
        let parsed = try JSON(data: text)
        #expect(parsed.array?.count == 2000)
        #expect(parsed[0]?.string == string + "\n")
        #expect(parsed[1999]?.string == string + "\n")
        #expect(parsed.document.memorySize >= text.count)
        #expect(parsed.document.memorySize <= text.count + text.count / 4 + 4096)
    }
}
