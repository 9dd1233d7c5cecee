import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Numbers beyond `UInt64` / `Double` never fail a document; the tree keeps their text, and
/// every reading of them matches `JSONDecoder` (same value, or same error case and path).
@Suite struct NumberTextTests {
    static let bigTexts = [
        "18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
        "-123456789012345678901234567890", "1234567890123456789012345678901234567890123",
        "170141183460469231731687303715884105727", "340282366920938463463374607431768211456",
        "1e999999", "-1e999999", "1.7976931348623159e308", "123456789e301", "1" + String(repeating: "0", count: 400),
    ]

    private struct OnlyA: Codable, Equatable { var a: Int }

    @Test(arguments: JSONParser.allCases)
    func unreadNumbersNeverFailTheDocument(parser: JSONParser) {
        let configure = { (fast: FastJSONDecoder, _: JSONDecoder) in fast.parser = parser }
        assertSameDecoding(OnlyA.self, #"{"a":1,"id":18446744073709551616}"#, configure: configure)
        assertSameDecoding(
            OnlyA.self, #"{"a": 1, "x": 1e999999, "y": 123456789012345678901234567890}"#, configure: configure)
        for text in Self.bigTexts {
            assertSameDecoding(OnlyA.self, #"{"a":2,"n":\#(text),"m":[\#(text)]}"#, configure: configure)
        }
    }

    @Test(arguments: JSONParser.allCases)
    func everyReadingMatchesJSONDecoder(parser: JSONParser) {
        let configure = { (fast: FastJSONDecoder, _: JSONDecoder) in fast.parser = parser }
        for text in Self.bigTexts {
            let array = "[1, \(text)]"
            let keyed = #"{"k": \#(text)}"#
            assertSameDecoding([Decimal].self, array, configure: configure)
            assertSameDecoding([Double].self, array, configure: configure)
            assertSameDecoding([Float].self, array, configure: configure)
            assertSameDecoding([Int].self, array, configure: configure)
            assertSameDecoding([UInt64].self, array, configure: configure)
            assertSameDecoding([Int8].self, array, configure: configure)
            assertSameDecoding([String].self, array, configure: configure)
            assertSameDecoding([String: Decimal].self, keyed, configure: configure)
            assertSameDecoding([String: Double].self, keyed, configure: configure)
            assertSameDecoding([String: Int64].self, keyed, configure: configure)
            assertSameDecoding(Decimal.self, text, configure: configure)
            assertSameDecoding(Double.self, text, configure: configure)
            assertSameDecoding(UInt.self, text, configure: configure)
        }
        assertSameDecoding(Decimal.self, "123456789012345678901234567890.25", configure: configure)
        assertSameDecoding([Decimal].self, "[123456789012345678901234567890.25]", configure: configure)
    }

    @Test func decimalKeepsEveryDigit() throws {
        let value = try FastJSONDecoder().decode(Decimal.self, from: Data("123456789012345678901234567890.25".utf8))
        #expect(value == Decimal(string: "123456789012345678901234567890.25"))
        let big = try FastJSONDecoder().decode([Decimal].self, from: Data("[123456789012345678901234567890]".utf8))
        #expect(big == [Decimal(string: "123456789012345678901234567890")!])
    }

    @Test(arguments: JSONParser.allCases)
    func valuesKeepAndWriteBackTheText(parser: JSONParser) throws {
        for text in Self.bigTexts {
            let json = try JSON(string: #"{"n": \#(text), "a": [\#(text), 1]}"#, options: .init(parser: parser))
            #expect(json["n"]?.numberText == text)
            #expect(json["a"]?[0]?.numberText == text)
            #expect(json["a"]?[1]?.numberText == "1")
            #expect(String(decoding: try json.data(), as: UTF8.self) == #"{"n":\#(text),"a":[\#(text),1]}"#)
            #expect(json == (try JSON(data: json.data(), options: .init(parser: parser))))
            #expect(json["n"]?.int == nil)
            #expect(json["n"]?.double == Double(text))
            // JSONSerialization reads what it can as NSDecimalNumber; FastMap gives the same.
            if let foundation = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) {
                let fast = try #require(json["n"]?.foundationObject as? NSDecimalNumber)
                #expect(fast == foundation as? NSDecimalNumber, "\(text)")
            }
        }
        #expect(try JSON(string: "0.5").numberText == "0.5")
        #expect(try JSON(string: "-12").numberText == "-12")
        #expect(try JSON(string: "\"12\"").numberText == nil)
    }

    /// Streaming builds elements with the same rules: the numbers come through as in a whole
    /// document decode.
    @Test func streamingAgreesWithWholeDocuments() throws {
        let text = "[" + Self.bigTexts.joined(separator: ",") + "]"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("number-text-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = FastJSONDecoder()
        var streamed: [Decimal?] = []
        try decoder.forEach(Decimal?.self, contentsOf: url, onError: .skip) { streamed.append($0) }
        let whole = Self.bigTexts.map { try? decoder.decode(Decimal.self, from: Data($0.utf8)) }
        #expect(streamed == whole.compactMap { $0 })
        var doubles: [Double] = []
        try decoder.forEach(Double.self, contentsOf: url, onError: .skip) { doubles.append($0) }
        #expect(doubles == Self.bigTexts.compactMap { try? decoder.decode(Double.self, from: Data($0.utf8)) })
        #expect(!doubles.isEmpty && doubles.count < Self.bigTexts.count)
    }
}
