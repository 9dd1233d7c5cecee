import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// `JSON.data(options:)` writes what `JSONSerialization.data(withJSONObject:options:)` writes.
@Suite struct WriterParityTests {
    static let optionSets: [JSONSerialization.WritingOptions] = [
        [], [.prettyPrinted], [.sortedKeys], [.withoutEscapingSlashes], [.prettyPrinted, .sortedKeys],
        [.prettyPrinted, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes],
        [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes],
    ]

    @Test(arguments: optionSets)
    func generatedValuesMatchJSONSerialization(options: JSONSerialization.WritingOptions) throws {
        var random = RandomJSONGenerator(seed: 0xFA57_0000 &+ UInt64(options.rawValue))
        for _ in 0..<300 {
            let value = random.container()
            let expected = try JSONSerialization.data(withJSONObject: value, options: options)
            let json = try JSON(foundationObject: value)
            let actual = try json.data(options: options)
            if options.contains(.sortedKeys) {
                #expect(
                    actual == expected,
                    "\(String(decoding: expected, as: UTF8.self))\n\(String(decoding: actual, as: UTF8.self))")
            } else {
                // Member order follows each side's dictionary iteration: compare as values.
                #expect(actual.count == expected.count)
                #expect(try JSON(data: actual) == JSON(data: expected))
            }
            #expect(try JSON(data: actual) == json)
        }
    }

    @Test func numbersUseTheShortestRoundTripForm() throws {
        let json: JSON = [0.1, 19.99, 1e300, 1e-7, 1e16, 1e15, 123456789.0, -0.0, 1.0, 100, 0.3, 1e21]
        #expect(
            String(decoding: try json.data(), as: UTF8.self)
                == "[0.1,19.99,1e+300,1e-07,1e+16,1000000000000000,123456789,-0,1,100,0.3,1e+21]")
    }

    @Test func escapingMatchesFoundation() throws {
        let json: JSON = ["a/b": "x/y\u{0}\u{1f}\u{7f}\u{2028}é\"\\\n\t\r\u{8}\u{c}"]
        #expect(
            String(decoding: try json.data(), as: UTF8.self)
                == "{\"a\\/b\":\"x\\/y\\u0000\\u001f\u{7f}\u{2028}é\\\"\\\\\\n\\t\\r\\b\\f\"}")
        #expect(
            String(decoding: try json.data(options: .withoutEscapingSlashes), as: UTF8.self).hasPrefix("{\"a/b\":\"x/y")
        )
    }

    @Test func prettyPrintingMatchesFoundation() throws {
        let json: JSON = ["b": [1, ["c": []], [:]], "a": [:], "e": []]
        let expected =
            "{\n  \"a\" : {\n\n  },\n  \"b\" : [\n    1,\n    {\n      \"c\" : [\n\n      ]\n    },\n    {\n\n    }\n  ],\n  \"e\" : [\n\n  ]\n}"
        #expect(String(decoding: try json.data(options: [.prettyPrinted, .sortedKeys]), as: UTF8.self) == expected)
        #expect(String(decoding: try JSON(object: [:]).data(options: .prettyPrinted), as: UTF8.self) == "{\n\n}")
        #expect(String(decoding: try JSON(1.5).data(options: .prettyPrinted), as: UTF8.self) == "1.5")
    }

    @Test func sortedKeysFollowJSONSerializationOrder() throws {
        let keys = ["b", "a", "B", "10", "9", "é", "e", "f", "_a", "Z", "aa", "a1", "A", "\u{0}", "日"]
        var members: [(key: String, value: JSON)] = []
        for key in keys { members.append((key, 1)) }
        let expected = try JSONSerialization.data(
            withJSONObject: Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }), options: .sortedKeys)
        #expect(try JSON(members: members).data(options: .sortedKeys) == expected)
    }

    @Test func descriptionIsCompactText() throws {
        let json = try JSON(string: #"{ "a" : [ 1 , "x/y" ] }"#)
        #expect(json.description == #"{"a":[1,"x\/y"]}"#)
        #expect("\(json)" == json.description)
    }

    @Test func tooDeepValuesBuiltInCodeThrowInsteadOfOverflowing() throws {
        var json: JSON = 1
        for _ in 0..<(JSON.maximumWritingDepth + 10) { json = [json] }
        #expect { try json.data() } throws: { ($0 as? FastMapError)?.kind == .depthLimit }
        var other: JSON = 1
        for _ in 0..<(JSON.maximumWritingDepth + 10) { other = [other] }
        #expect(json == other)  // equality walks iteratively
    }
}
