import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// `JSON` as a Codable property: copied out of the parsed document under FastJSONDecoder, rebuilt
/// through the containers under any other decoder, and encodable by any encoder.
@Suite("JSON as a Codable value")
struct DecoderJSONPropertyTests {
    struct Event: Codable, Equatable {
        var type: String
        var payload: JSON
        var extra: JSON?
    }

    let text = #"""
        {"type":"t","payload":{"a":[1,-2.5,"x",true,null,{"b":18446744073709551615}],"é":{},"n":-9223372036854775808},"extra":null}
        """#

    @Test func copiesItsPartOfTheDocumentWithFastJSONDecoder() throws {
        let data = Data(text.utf8)
        let root = try JSON(data: data)
        let event = try FastJSONDecoder().decode(Event.self, from: root)
        #expect(event.payload.document !== root.document)
        #expect(event.payload.node == event.payload.document.root)
        #expect(event.payload == root["payload"])
        #expect(event.extra == nil)
        // From bytes too, and the sub-document outlives the decode call.
        let fromBytes = try FastJSONDecoder().decode(Event.self, from: data)
        #expect(fromBytes.payload["a"]?[5]?["b"]?.uint64 == UInt64.max)
        #expect(fromBytes.payload["n"]?.int64 == Int64.min)
    }

    @Test func rebuildsUnderJSONDecoder() throws {
        let data = Data(text.utf8)
        let fast = try FastJSONDecoder().decode(Event.self, from: data)
        let foundation = try JSONDecoder().decode(Event.self, from: data)
        #expect(fast == foundation)
        #expect(foundation.payload["a"]?[1]?.double == -2.5)
        #expect(foundation.payload["a"]?[5]?["b"]?.uint64 == UInt64.max)
        #expect(foundation.payload["é"]?.kind == .object)
        assertSameDecoding(Event.self, text)
        assertSameDecoding(Event.self, #"{"type":"t","payload":null}"#)
        assertSameDecoding(Event.self, #"{"type":"t"}"#)
        assertSameDecoding(Event.self, #"{"type":"t","payload":[],"extra":{"x":[[]]}}"#)
        assertSameDecoding([JSON].self, #"[1, 1.5, "s", [true], {"k": null}, 1e300, -0.0]"#)
    }

    /// Under another decoder, numbers keep what it hands over: `-0`, integers beyond 64 bits
    /// (through `Decimal`), reals; a number no `Double` holds throws the decoder's own error.
    @Test func numbersThroughAnotherDecoderKeepTheirValue() throws {
        struct Holder: Decodable { var value: JSON }
        let foundation = JSONDecoder()
        func decoded(_ number: String) throws -> JSON {
            let holder = try foundation.decode(Holder.self, from: Data(#"{"value":\#(number)}"#.utf8))
            return holder.value
        }
        #expect(try decoded("-0").description == "-0")
        #expect(try decoded("-0").double?.sign == .minus)
        #expect(try decoded("0").description == "0")
        #expect(try decoded("100000000000000000000").description == "100000000000000000000")
        #expect(try decoded("-123456789012345678901234567890").numberText == "-123456789012345678901234567890")
        #expect(try decoded("18446744073709551615").uint64 == UInt64.max)
        #expect(try decoded("-9223372036854775808").int64 == Int64.min)
        #expect(try decoded("0.1").double == 0.1)
        #expect(try decoded("-2.5e-3").double == -2.5e-3)
        #expect(try decoded("1e300").double == 1e300)
        let error = try #require(throws: DecodingError.self) { try decoded("1e400") }
        guard case .dataCorrupted = error else {
            Issue.record("expected JSONDecoder's dataCorrupted, got \(error)")
            return
        }
    }

    @Test func topLevelJSON() throws {
        let data = Data(text.utf8)
        #expect(try FastJSONDecoder().decode(JSON.self, from: data) == (try JSON(data: data)))
        #expect(try JSONDecoder().decode(JSON.self, from: data) == (try JSON(data: data)))
        #expect(try FastJSONDecoder().decode(JSON.self, from: Data("null".utf8)).isNull)
    }

    @Test func encodesAsTheMatchingJSON() throws {
        let value = try JSON(string: text)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = try encoder.encode(value)
        #expect(try JSON(data: encoded) == value)
        // (JSONEncoder itself does not keep member order, so compare sorted.)
        let sorted = try encoder.encode(try JSON(string: #"{"z":1,"a":[0.1,-0.5,true,null,"\/"]}"#))
        #expect(String(decoding: sorted, as: UTF8.self) == #"{"a":[0.1,-0.5,true,null,"\/"],"z":1}"#)
        #expect(String(decoding: try JSONEncoder().encode(JSON(UInt64.max)), as: UTF8.self) == "18446744073709551615")
        // A model holding JSON round-trips through both coders.
        let event = try FastJSONDecoder().decode(Event.self, from: Data(text.utf8))
        let again = try FastJSONDecoder().decode(Event.self, from: try JSONEncoder().encode(event))
        #expect(again == event)
    }

    @Test func deepJSONThroughJSONDecoder() throws {
        let depth = 200
        let text = String(repeating: #"{"k":["#, count: depth) + "1" + String(repeating: "]}", count: depth)
        let fromFoundation = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
        #expect(fromFoundation == (try JSON(string: text)))
    }
}
