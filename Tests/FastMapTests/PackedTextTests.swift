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
}
