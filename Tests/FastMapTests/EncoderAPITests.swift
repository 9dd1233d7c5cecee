import FastMap
import Foundation
import Testing

struct Configured: EncodableWithConfiguration, Sendable {
    var value: Int
    func encode(to encoder: any Encoder, configuration: Int) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(value * configuration, forKey: AnyKey("scaled"))
        try container.encode(encoder.codingPath.count, forKey: AnyKey("depth"))
    }
}

enum TripleConfiguration: EncodingConfigurationProviding {
    static let encodingConfiguration = 3
}

struct ConfiguresNothing: EncodableWithConfiguration, Sendable {
    func encode(to encoder: any Encoder, configuration: Int) throws {}
}

@Suite("FastJSONEncoder API")
struct EncoderAPITests {
    @Test func defaultsMatchJSONEncoder() {
        let fast = FastJSONEncoder()
        #expect(fast.outputFormatting == [])
        guard case .deferredToDate = fast.dateEncodingStrategy else {
            Issue.record("date strategy \(fast.dateEncodingStrategy)")
            return
        }
        guard case .base64 = fast.dataEncodingStrategy else {
            Issue.record("data strategy \(fast.dataEncodingStrategy)")
            return
        }
        guard case .throw = fast.nonConformingFloatEncodingStrategy else {
            Issue.record("float strategy \(fast.nonConformingFloatEncodingStrategy)")
            return
        }
        guard case .useDefaultKeys = fast.keyEncodingStrategy else {
            Issue.record("key strategy \(fast.keyEncodingStrategy)")
            return
        }
        #expect(fast.userInfo.isEmpty)
    }

    /// The properties have JSONEncoder's types, so configuration code compiles unchanged.
    @Test func sameTypesAsJSONEncoder() {
        func configure<E: AnyObject>(
            _ encoder: E, _ formatting: ReferenceWritableKeyPath<E, JSONEncoder.OutputFormatting>,
            _ info: ReferenceWritableKeyPath<E, [CodingUserInfoKey: any Sendable]>,
            _ keys: ReferenceWritableKeyPath<E, JSONEncoder.KeyEncodingStrategy>
        ) {
            encoder[keyPath: formatting] = [.prettyPrinted, .withoutEscapingSlashes]
            encoder[keyPath: info] = [PathReporter.infoKey: 7]
            encoder[keyPath: keys] = .convertToSnakeCase
        }
        let foundation = JSONEncoder()
        configure(foundation, \.outputFormatting, \.userInfo, \.keyEncodingStrategy)
        let fast = FastJSONEncoder()
        configure(fast, \.outputFormatting, \.userInfo, \.keyEncodingStrategy)
        #expect(fast.outputFormatting == foundation.outputFormatting)
        #expect(fast.userInfo[PathReporter.infoKey] as? Int == 7)
        guard case .convertToSnakeCase = fast.keyEncodingStrategy else {
            Issue.record("key strategy not stored")
            return
        }
    }

    @Test func userInfoReachesEveryEncoder() throws {
        var setup = EncoderSetup()
        setup.userInfo = [PathReporter.infoKey: "value"]
        expectSameEncoding(PathReporter(), setup: setup)
        let text = String(decoding: try setup.fast([]).encode(PathReporter()), as: UTF8.self)
        #expect(text.contains(#""info":"value""#))
    }

    @Test func encodeWithConfiguration() throws {
        let fast = FastJSONEncoder()
        fast.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(
            try fast.encode(Configured(value: 2), configuration: 5)
                == foundation.encode(Configured(value: 2), configuration: 5))
        #expect(
            try fast.encode(Configured(value: 2), configuration: TripleConfiguration.self)
                == foundation.encode(Configured(value: 2), configuration: TripleConfiguration.self))
        let error = try #require(throws: EncodingError.self) { try fast.encode(ConfiguresNothing(), configuration: 1) }
        #expect(
            EncodingErrorSummary(error)?.debugDescription == "Top-level ConfiguresNothing did not encode any values.")
    }

    @Test func encodeToJSONBuildsTheValue() throws {
        let encoder = FastJSONEncoder()
        let json = try encoder.encodeToJSON(Box(value: UInt64.max, values: [0, UInt64(Int64.max) + 1]))
        #expect(json["value"]?.uint64 == UInt64.max)
        #expect(json["values"]?[1]?.uint64 == UInt64(Int64.max) + 1)
        #expect(json.keys == ["value", "values"])
        #expect(try encoder.encodeToJSON([Int64.min, 0])[0]?.int64 == Int64.min)
        #expect(try encoder.encodeToJSON(Int128(-5)).int == -5)

        let floats = try encoder.encodeToJSON(FloatingPoints())
        #expect(floats["tenth"]?.double == 0.1)
        #expect(floats["floatTenth"]?.double == 0.1)  // as its shortest text reads back, like JSON(data:)
        #expect(floats["negativeZero"]?.double?.sign == .minus)
        #expect(floats["hundred"]?.int == 100)

        let decimal = try encoder.encodeToJSON(Decimals())
        #expect(decimal["pi"]?.double == 3.141592653589793)

        // Only a text that is no JSON number fails (JSON(data:) rejects it too); numbers
        // beyond UInt64 or Double are kept as written, as JSON(data:) keeps them.
        #expect(throws: EncodingError.self) { try encoder.encodeToJSON(NotANumberDecimal()) }
        #expect(try encoder.encodeToJSON(WideDecimal()) == JSON(data: encoder.encode(WideDecimal())))
        #expect(try encoder.encodeToJSON(AllIntegers()) == JSON(data: encoder.encode(AllIntegers())))
        #expect(try encoder.encodeToJSON(Int128(UInt64.max) + 1).numberText == "18446744073709551616")

        // The value writes back as the encoder does.
        let realistic = Realistic()
        encoder.outputFormatting = []
        let written = try encoder.encodeToJSON(realistic).data()
        #expect(written == (try encoder.encode(realistic)))
    }

    /// One encoder shared by many tasks while another task changes its settings: every
    /// output is one of the two possible outputs.
    @Test func concurrentUse() async throws {
        let encoder = FastJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let value = [Realistic(), Realistic()]
        let compact = try encoder.encode(value)
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let pretty = try encoder.encode(value)
        let outputs = try await withThrowingTaskGroup(of: [Data].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var results: [Data] = []
                    for round in 0..<50 {
                        if task == 0 {
                            encoder.outputFormatting =
                                round.isMultiple(of: 2) ? .sortedKeys : [.sortedKeys, .prettyPrinted]
                        }
                        results.append(try encoder.encode(value))
                    }
                    return results
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(outputs.count == 400)
        #expect(outputs.allSatisfy { $0 == compact || $0 == pretty })
    }

    @Test func canonicalComparisonSeesDifferences() {
        let same1 = Data(#"{"a":1,"b":[true,{"x":null,"y":"s"}]}"#.utf8)
        let same2 = Data(#"{"b":[true,{"y":"s","x":null}],"a":1}"#.utf8)
        #expect(CanonicalJSON.text(same1, pretty: false) == CanonicalJSON.text(same2, pretty: false))
        for different in [
            #"{"a":1,"b":[{"x":null,"y":"s"},true]}"#, #"{"a":1.0,"b":[true,{"x":null,"y":"s"}]}"#, #"{"a":1}"#,
        ] {
            #expect(CanonicalJSON.text(Data(different.utf8), pretty: false) != CanonicalJSON.text(same1, pretty: false))
        }
        #expect(CanonicalJSON.text(Data("{\n  \"a\" : [\n\n  ]\n}".utf8), pretty: true) == "{\"a\":[]}")
        #expect(CanonicalJSON.text(Data("{\n \"a\" : [\n\n  ]\n}".utf8), pretty: true) == nil)
        #expect(CanonicalJSON.text(Data("[NaN,340282366920938463463374607431768211455]".utf8), pretty: false) != nil)
    }
}
