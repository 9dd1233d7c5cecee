import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Behaviours swift-foundation's own JSON coder tests check, each against `JSONDecoder` /
/// `JSONEncoder` in the same process.
@Suite("Foundation parity: API and behaviour a drop-in replacement needs")
struct FoundationParityTests {
    // MARK: Foundation's nested names

    @Test func nestedStrategyNamesResolveThroughATypealias() throws {
        typealias JSONDecoder = FastJSONDecoder
        typealias JSONEncoder = FastJSONEncoder
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = JSONDecoder.DateDecodingStrategy.secondsSince1970
        decoder.keyDecodingStrategy = JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase
        decoder.dataDecodingStrategy = JSONDecoder.DataDecodingStrategy.base64
        decoder.nonConformingFloatDecodingStrategy =
            JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let encoder = JSONEncoder()
        encoder.outputFormatting = JSONEncoder.OutputFormatting.sortedKeys
        encoder.dateEncodingStrategy = JSONEncoder.DateEncodingStrategy.secondsSince1970
        encoder.keyEncodingStrategy = JSONEncoder.KeyEncodingStrategy.convertToSnakeCase
        encoder.dataEncodingStrategy = JSONEncoder.DataEncodingStrategy.base64
        encoder.nonConformingFloatEncodingStrategy =
            JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")

        struct Event: Codable, Equatable {
            let startedAt: Date
            let ratio: Double
        }
        let event = Event(startedAt: Date(timeIntervalSince1970: 12), ratio: .infinity)
        let data = try encoder.encode(event)
        #expect(String(decoding: data, as: UTF8.self) == #"{"ratio":"+inf","started_at":12}"#)
        #expect(try decoder.decode(Event.self, from: data) == event)
    }

    // MARK: DecodableWithConfiguration

    struct Scaled: DecodableWithConfiguration, EncodableWithConfiguration, Equatable {
        let value: Int
        init(value: Int) { self.value = value }
        init(from decoder: any Decoder, configuration: Int) throws {
            value = try decoder.singleValueContainer().decode(Int.self) * configuration
        }
        func encode(to encoder: any Encoder, configuration: Int) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value / configuration)
        }
    }

    enum Tenfold: DecodingConfigurationProviding, EncodingConfigurationProviding {
        static let decodingConfiguration = 10
        static let encodingConfiguration = 10
    }

    @Test func decodesWithAConfigurationValueAndAProvider() throws {
        let data = Data("7".utf8)
        let fast = FastJSONDecoder()
        let foundation = JSONDecoder()
        #expect(try fast.decode(Scaled.self, from: data, configuration: 3) == Scaled(value: 21))
        #expect(
            try fast.decode(Scaled.self, from: data, configuration: 3)
                == foundation.decode(Scaled.self, from: data, configuration: 3))
        #expect(try fast.decode(Scaled.self, from: data, configuration: Tenfold.self) == Scaled(value: 70))
        let encoded = try FastJSONEncoder().encode(Scaled(value: 70), configuration: Tenfold.self)
        #expect(encoded == (try JSONEncoder().encode(Scaled(value: 70), configuration: Tenfold.self)))
    }

    @Test func configurationDecodingReportsFoundationsError() {
        let fast = FastJSONDecoder()
        let foundation = JSONDecoder()
        let data = Data(#""seven""#.utf8)
        let fastOutcome = DecodingOutcome { try fast.decode(Scaled.self, from: data, configuration: 3) }
        let foundationOutcome = DecodingOutcome { try foundation.decode(Scaled.self, from: data, configuration: 3) }
        #expect(fastOutcome == foundationOutcome)
        guard case .failure(let failure) = fastOutcome else {
            Issue.record("expected a failure, got \(fastOutcome)")
            return
        }
        #expect(failure.kind == "typeMismatch")
    }

    // MARK: Int128 and UInt128

    struct Wide: Codable, Equatable {
        let signed: Int128
        let unsigned: UInt128
        let maybe: Int128?
        let list: [UInt128]
        let map: [String: Int128]
    }

    @Test func int128AndUInt128DecodeOverTheirWholeRange() throws {
        let json = """
            {"signed": -170141183460469231731687303715884105728,
             "unsigned": 340282366920938463463374607431768211455,
             "maybe": 170141183460469231731687303715884105727,
             "list": [0, 18446744073709551616, 340282366920938463463374607431768211455],
             "map": {"a": -1, "b": 9223372036854775808}}
            """
        let value = try FastJSONDecoder().decode(Wide.self, from: Data(json.utf8))
        #expect(value.signed == Int128.min)
        #expect(value.unsigned == UInt128.max)
        #expect(value.maybe == Int128.max)
        #expect(value.list == [0, 18_446_744_073_709_551_616, UInt128.max])
        #expect(value.map == ["a": -1, "b": 9_223_372_036_854_775_808])
        assertSameDecoding(Wide.self, json)
        assertSameDecoding(
            Wide.self, #"{"signed": 1, "unsigned": 2, "maybe": null, "list": [], "map": {}}"#)
    }

    @Test(arguments: [
        "170141183460469231731687303715884105728", "-170141183460469231731687303715884105729", "1.5",
        "-0.5", "1e40", "\"12\"", "null", "true", "12", "-12", "1e3", "1.0",
    ])
    func int128AndUInt128ErrorsMatchFoundation(_ number: String) {
        assertSameDecoding(Int128.self, number)
        assertSameDecoding(UInt128.self, number)
        assertSameDecoding([Int128].self, "[\(number)]")
        assertSameDecoding([String: UInt128].self, #"{"n": \#(number)}"#)
    }

    @Test func int128ReadsThroughEveryContainer() throws {
        struct Keyed: Decodable, Equatable {
            let present: Int128?
            let absent: UInt128?
        }
        assertSameDecoding(Keyed.self, #"{"present": -5}"#)
        assertSameDecoding(Keyed.self, #"{"present": null, "absent": 340282366920938463463374607431768211455}"#)
        struct Unkeyed: Decodable, Equatable {
            let values: [Int128?]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var values: [Int128?] = []
                while !container.isAtEnd { values.append(try container.decodeIfPresent(Int128.self)) }
                self.values = values
            }
        }
        assertSameDecoding(Unkeyed.self, "[1, null, -170141183460469231731687303715884105728]")
    }

    // MARK: The dynamic metatype

    class Base: Decodable {
        let id: Int
        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .id)
        }
        enum Keys: String, CodingKey { case id, extra }
    }

    final class Derived: Base {
        let extra: String
        required init(from decoder: any Decoder) throws {
            extra = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .extra)
            try super.init(from: decoder)
        }
    }

    @Test func decodingThroughABaseMetatypeBuildsTheDynamicType() throws {
        let data = Data(#"{"id": 1, "extra": "x"}"#.utf8)
        let type: Base.Type = Derived.self
        let fast = try FastJSONDecoder().decode(type, from: data)
        let foundation = try JSONDecoder().decode(type, from: data)
        #expect(foundation is Derived)
        #expect(fast is Derived)
        #expect((fast as? Derived)?.extra == "x")
    }

    // MARK: Error text

    @Test(arguments: [
        #"{"id": "392585658"}"#, #"{"id": null}"#, "{}", #"{"id": 1.5}"#, #"{"id": 1"#, "[1]",
        #"{"id": 99999999999999999999}"#,
    ])
    func errorDescriptionsReadAsFoundationsWithoutADoubledPeriod(_ json: String) throws {
        struct Model: Decodable { let id: Int }
        do {
            _ = try FastJSONDecoder().decode(Model.self, from: Data(json.utf8))
            Issue.record("expected an error for \(json)")
        } catch let error as DecodingError {
            let text = "\(error)"
            // Two periods in a row (not an ellipsis such as `min...max`).
            #expect(text.range(of: #"(?<!\.)\.\.(?!\.)"#, options: .regularExpression) == nil, "\(text)")
            #expect(text.contains("Underlying error"), "FastMap's facts are kept: \(text)")
        }
    }
}
