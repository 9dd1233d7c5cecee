import FastMap
import Foundation
import Testing

@testable import FastMapCore

/// A `JSON` member of a decoded model holds a copy of its own part of the document: it does not
/// keep the whole text and every cell alive for as long as the model lives.
@Suite struct OwnedJSONMemberTests {
    struct Envelope: Decodable {
        let id: Int
        let filler: String
        let payload: JSON
    }

    /// Every kind of value a payload may hold: escaped and plain strings, keys, a decimal, a
    /// number kept as text, integers at their limits, nesting, empties.
    static let payload = #"""
        {"name": "caf\u00e9 \"quoted\"", "plain": "abc", "": "", "ratio": -65.613616999999977,
         "huge": 1e400, "wide": 123456789012345678901234567890, "max": 18446744073709551615, "min": -9223372036854775808,
         "list": [true, false, null, [], {}, [1.5, "x"]], "nested": {"a": {"b": {"c": "deep"}}}}
        """#

    static let text: Data = {
        let filler = String(repeating: "f", count: 500)
        let records = (0..<400).map { index in
            #"{"id": \#(index), "filler": "\#(filler)", "payload": \#(index == 7 ? payload : "\(index)")}"#
        }
        return Data(("[" + records.joined(separator: ",\n") + "]").utf8)
    }()

    @Test func aMemberKeepsOnlyItsOwnPart() throws {
        var kept: JSON?
        do {
            let envelopes = try FastJSONDecoder().decode([Envelope].self, from: Self.text)
            kept = envelopes[7].payload
        }
        let payload = try #require(kept)
        #expect(payload == (try JSON(string: Self.payload)))
        #expect(payload["name"]?.string == "café \"quoted\"")
        #expect(payload["ratio"]?.double == -65.613616999999977)
        #expect(payload["huge"]?.numberText == "1e400")
        #expect(payload["wide"]?.numberText == "123456789012345678901234567890")
        #expect(payload["nested"]?["a"]?["b"]?["c"]?.string == "deep")
        // Its cells and its strings' bytes: far below the 200 KB of text it came from.
        #expect(payload.document.memorySize < 2048)
        #expect(payload.document.memorySize < Self.text.count / 50)
    }

    @Test func everyScalarMemberIsItsOwnDocument() throws {
        let envelopes = try FastJSONDecoder().decode([Envelope].self, from: Self.text)
        for (index, envelope) in envelopes.enumerated() where index != 7 {
            #expect(envelope.payload.int == index)
            #expect(envelope.payload.document.memorySize < 256)
        }
    }

    @Test func aWholeDecodedValueIsTheDecodersDocument() throws {
        // Nothing to leave behind: the value is all of it.
        let whole = try FastJSONDecoder().decode(JSON.self, from: Self.text)
        #expect(whole.document.memorySize > Self.text.count)
    }
}
