import Foundation
import Testing

@testable import FastMap

/// FastJSONDecoder and FastJSONEncoder are `JSONDecoder` and `JSONEncoder` subclasses: code typed
/// with Foundation's classes takes them unchanged, and every call through such a reference runs
/// FastMap, with the settings made through it.
@Suite("Foundation subclasses")
struct FoundationSubclassTests {
    /// Records which `Decoder` decoded it.
    struct SeesItsDecoder: Decodable {
        var decodedByFastMap: Bool
        var value: Int
        enum CodingKeys: String, CodingKey { case someValue }
        init(from decoder: any Decoder) throws {
            decodedByFastMap = decoder is JSONTreeDecoder
            value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .someValue)
        }
    }

    /// Records which `Encoder` encoded it.
    final class SeesItsEncoder: Encodable, @unchecked Sendable {
        var encoderType = ""
        func encode(to encoder: any Encoder) throws {
            encoderType = "\(type(of: encoder))"
            var container = encoder.singleValueContainer()
            try container.encode(1)
        }
    }

    struct Configured: DecodableWithConfiguration, EncodableWithConfiguration {
        var text: String
        enum CodingKeys: String, CodingKey { case text }
        init(text: String) { self.text = text }
        init(from decoder: any Decoder, configuration: String) throws {
            #expect(decoder is JSONTreeDecoder)
            text = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .text) + configuration
        }
        func encode(to encoder: any Encoder, configuration: String) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text + configuration, forKey: .text)
        }
    }

    enum Suffix: DecodingConfigurationProviding, EncodingConfigurationProviding {
        static let decodingConfiguration = "!"
        static let encodingConfiguration = "?"
    }

    /// What a codebase typed with Foundation's class does.
    static func decodeWithFoundationsType<T: Decodable>(_ type: T.Type, _ text: String, using decoder: JSONDecoder)
        throws -> T
    {
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: Data(text.utf8))
    }

    /// FastMap's own settings start where the documentation says: the simdjson engine (the
    /// parse itself is shown to take simdjson's walk in `EngineDifferentialTests`), Foundation's
    /// depth, no memory limit, no lossy coercions.
    @Test func fastMapsOwnSettingsHaveTheDocumentedDefaults() {
        let decoder = FastJSONDecoder()
        #expect(decoder.parser == .simdjson)
        #expect(decoder.maximumDepth == 512)
        #expect(decoder.memoryLimit == nil)
        #expect(decoder.lossyCoercions.isEmpty)
    }

    @Test func aJSONDecoderReferenceRunsFastMapWithTheSettingsMadeThroughIt() throws {
        let decoder = FastJSONDecoder()
        let decoded = try Self.decodeWithFoundationsType(SeesItsDecoder.self, #"{"some_value":7}"#, using: decoder)
        #expect(decoded.decodedByFastMap)
        #expect(decoded.value == 7)
        #expect(decoder.keyDecodingStrategy.isSnakeCase)

        let plain = try Self.decodeWithFoundationsType(SeesItsDecoder.self, #"{"some_value":7}"#, using: JSONDecoder())
        #expect(!plain.decodedByFastMap)
    }

    @Test func everySettingMadeThroughJSONDecoderReachesFastMap() throws {
        let decoder: JSONDecoder = FastJSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .deferredToData
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        decoder.allowsJSON5 = true
        decoder.assumesTopLevelDictionary = true
        let key = try #require(CodingUserInfoKey(rawValue: "k"))
        decoder.userInfo = [key: 3]

        struct All: Decodable {
            var date: Date
            var data: Data
            var float: Double
            var fromUserInfo: Int
            enum CodingKeys: String, CodingKey { case date, data, float }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                date = try container.decode(Date.self, forKey: .date)
                data = try container.decode(Data.self, forKey: .data)
                float = try container.decode(Double.self, forKey: .float)
                fromUserInfo = decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] as? Int ?? 0
            }
        }
        // JSON5 without braces: unquoted keys, a comment, a trailing comma.
        let all = try decoder.decode(All.self, from: Data("date: 10, data: [1, 2], /* c */ float: '+inf',".utf8))
        #expect(all.date == Date(timeIntervalSince1970: 10))
        #expect(all.data == Data([1, 2]))
        #expect(all.float == .infinity)
        #expect(all.fromUserInfo == 3)

        let fast = try #require(decoder as? FastJSONDecoder)
        #expect(fast.allowsJSON5 && fast.assumesTopLevelDictionary)
        #expect(fast.userInfo[key] as? Int == 3)
    }

    @Test func errorsThroughAJSONDecoderReferenceAreFastMaps() throws {
        let decoder: JSONDecoder = FastJSONDecoder()
        let error = try #require(throws: DecodingError.self) {
            _ = try decoder.decode([Int].self, from: Data("[1, 2".utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.underlyingError is FastMapError)
    }

    @Test func decodableWithConfigurationThroughAJSONDecoderReference() throws {
        let decoder: JSONDecoder = FastJSONDecoder()
        let data = Data(#"{"text":"hi"}"#.utf8)
        #expect(try decoder.decode(Configured.self, from: data, configuration: "?").text == "hi?")
        #expect(try decoder.decode(Configured.self, from: data, configuration: Suffix.self).text == "hi!")
    }

    @Test func aJSONEncoderReferenceRunsFastMapWithTheSettingsMadeThroughIt() throws {
        let encoder: JSONEncoder = FastJSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let value = SeesItsEncoder()
        _ = try encoder.encode(value)
        #expect(value.encoderType == "\(EncodingStreamEncoder.self)")

        let foundations = SeesItsEncoder()
        _ = try JSONEncoder().encode(foundations)
        #expect(foundations.encoderType != value.encoderType)

        struct Pair: Encodable {
            var someKey = "a/b"
            var anotherKey = "c"
        }
        let text = try encoder.encode(Pair())
        #expect(String(decoding: text, as: UTF8.self) == #"{"another_key":"c","some_key":"a/b"}"#)
        #expect((encoder as? FastJSONEncoder)?.outputFormatting == [.sortedKeys, .withoutEscapingSlashes])
    }

    @Test func encodableWithConfigurationThroughAJSONEncoderReference() throws {
        let encoder: JSONEncoder = FastJSONEncoder()
        let value = Configured(text: "hi")
        #expect(String(decoding: try encoder.encode(value, configuration: "."), as: UTF8.self) == #"{"text":"hi."}"#)
        let provided = try encoder.encode(value, configuration: Suffix.self)
        #expect(String(decoding: provided, as: UTF8.self) == #"{"text":"hi?"}"#)
    }

    @Test func foundationsNestedNamesAreTheSubclassesNames() {
        let date: FastJSONDecoder.DateDecodingStrategy = .iso8601
        let keys: FastJSONDecoder.KeyDecodingStrategy = .convertFromSnakeCase
        let data: FastJSONDecoder.DataDecodingStrategy = .base64
        let floats: FastJSONDecoder.NonConformingFloatDecodingStrategy = .throw
        let format: FastJSONEncoder.OutputFormatting = .sortedKeys
        let dates: FastJSONEncoder.DateEncodingStrategy = .iso8601
        let encodedKeys: FastJSONEncoder.KeyEncodingStrategy = .convertToSnakeCase
        let encodedData: FastJSONEncoder.DataEncodingStrategy = .base64
        let encodedFloats: FastJSONEncoder.NonConformingFloatEncodingStrategy = .throw
        let decoder = FastJSONDecoder()
        decoder.dateDecodingStrategy = date
        decoder.keyDecodingStrategy = keys
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = floats
        let encoder = FastJSONEncoder()
        encoder.outputFormatting = format
        encoder.dateEncodingStrategy = dates
        encoder.keyEncodingStrategy = encodedKeys
        encoder.dataEncodingStrategy = encodedData
        encoder.nonConformingFloatEncodingStrategy = encodedFloats
        #expect(encoder.outputFormatting == .sortedKeys)
        #expect(decoder.keyDecodingStrategy.isSnakeCase)
    }
}

extension JSONDecoder.KeyDecodingStrategy {
    fileprivate var isSnakeCase: Bool {
        if case .convertFromSnakeCase = self { return true }
        return false
    }
}
