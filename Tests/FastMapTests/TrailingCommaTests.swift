import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Trailing commas (`[1,]`, `{"a":1,}`): accepted by default as `JSONDecoder` and
/// `JSONSerialization` accept them, rejected in strict RFC 8259 mode, by every engine.
@Suite struct TrailingCommaTests {
    static let lenientTexts = [
        "[1,]", "[1 , ]", "[1,\n]", #"{"a":1,}"#, "{\"a\":1 ,\t}", #"["x",]"#, "[[1,],]", #"{"a":{"b":[1,2,],},}"#,
        #"[{"a":[]},]"#, "[true,false,null,]", #"{"a":"],",}"#, #"[",]",]"#, #"["\"",]"#,
    ]
    static let invalidTexts = [
        "[1,,]", "[,]", "[,1]", "{,}", #"{"a":1,,}"#, #"{"a":,}"#, #"{"a",}"#, "[1,]]", "[1,]x", ",", "[1 2,]",
        #"{"a":1,}}"#, "[1,", #"{"a":1,"#,
    ]

    @Test(arguments: JSONParser.allCases)
    func decoderMatchesJSONDecoder(parser: JSONParser) {
        for text in Self.lenientTexts + Self.invalidTexts {
            assertSameDecoding(AnyDecodable.self, text) { fast, _ in fast.parser = parser }
        }
        assertSameDecoding([Int].self, "[1,2,]")
        assertSameDecoding([String: Int].self, #"{"a":1,"b":2,}"#)
        assertSameDecoding(CommaPoint.self, #"{"x":1,"y":2,}"#)
        assertSameDecoding([CommaPoint].self, #"[{"x":1,"y":2,},{"x":3,"y":4},]"#)
    }

    @Test(arguments: JSONParser.allCases)
    func valueMatchesJSONSerialization(parser: JSONParser) throws {
        for text in Self.lenientTexts + Self.invalidTexts {
            let data = Data(text.utf8)
            let foundation = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            let fast = try? JSON(data: data, options: .init(parser: parser))
            #expect((foundation == nil) == (fast == nil), "\(text)")
            if let foundation, let fast {
                #expect(try fast == JSON(foundationObject: foundation), "\(text)")
            }
        }
    }

    @Test(arguments: JSONParser.allCases)
    func strictModeRejectsTrailingCommas(parser: JSONParser) throws {
        for text in Self.lenientTexts {
            #expect(throws: FastMapError.self, "\(text)") {
                try JSON(string: text, options: .init(parser: parser, allowsTrailingCommas: false))
            }
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            decoder.allowsTrailingCommas = false
            #expect(throws: DecodingError.self, "\(text)") {
                try decoder.decode(AnyDecodable.self, from: Data(text.utf8))
            }
            decoder.allowsTrailingCommas = true
            #expect(throws: Never.self, "\(text)") { try decoder.decode(AnyDecodable.self, from: Data(text.utf8)) }
        }
    }

    /// The error of a text with trailing commas and a later mistake is located in the original
    /// text, and is the same whichever engine parses and whether the text is pretty-printed.
    @Test func errorsPointIntoTheOriginalText() throws {
        let text = "[\n  1,\n  [2,],\n  tru\n]"
        var locations: [FastMapError.SourceLocation?] = []
        for parser in JSONParser.allCases {
            do {
                _ = try JSON(string: text, options: .init(parser: parser))
                Issue.record("accepted")
            } catch {
                locations.append(error.location)
            }
        }
        #expect(locations.count == JSONParser.allCases.count && locations.allSatisfy { $0 == locations[0] })
        #expect(locations.first??.line == 4)
        let strict = try? JSON(string: text, options: .init(allowsTrailingCommas: false))
        #expect(strict == nil)
        do {
            _ = try JSON(string: "[1,\n2,]", options: .init(allowsTrailingCommas: false))
            Issue.record("accepted")
        } catch {
            #expect(error.location?.line == 2)
        }
    }

    /// A trailing comma before a long number does not lose its exact text (`Decimal` reads
    /// the original text).
    @Test func decimalsAfterTrailingCommasKeepTheirDigits() {
        assertSameDecoding(
            DecimalPair.self, #"{"a":{"x":1,},"b":3.14159265358979323846264338327950288,}"#)
        assertSameDecoding([Decimal].self, "[0.30000000000000001,]")
    }

    /// The default path stays the strict parser: `options` defaults allow trailing commas.
    @Test func defaultsAllowTrailingCommas() {
        #expect(JSON.ReadingOptions().allowsTrailingCommas)
        #expect(FastJSONDecoder().allowsTrailingCommas)
    }
}

private struct CommaPoint: Codable, Equatable {
    var x: Int
    var y: Int
}

private struct DecimalPair: Codable, Equatable {
    var a: [String: Int]
    var b: Decimal
}

/// Decodes any JSON value, so that tests can compare which texts each decoder accepts.
struct AnyDecodable: Decodable, Equatable {
    var description: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            description = "null"
        } else if let value = try? container.decode(Bool.self) {
            description = "\(value)"
        } else if let value = try? container.decode(Double.self) {
            description = "\(value)"
        } else if let value = try? container.decode(String.self) {
            description = value.debugDescription
        } else if let value = try? container.decode([AnyDecodable].self) {
            description = "[" + value.map(\.description).joined(separator: ",") + "]"
        } else {
            let value = try container.decode([String: AnyDecodable].self)
            let members: [String] = value.keys.sorted().map { key in "\(key):\(value[key]!.description)" }
            description = "{" + members.joined(separator: ",") + "}"
        }
    }
}
