@_spi(FastMapCore) import FastMapCore
import Foundation
import Testing

@testable import FastMap

/// Which path each value takes: the streaming encoder must handle the common patterns
/// itself (no second encode), hand the irregular ones to the tree encoder, and the tree
/// encoder alone must match JSONEncoder too.
@Suite("FastJSONEncoder internals")
struct EncoderInternalsTests {
    private func settings(_ setup: EncoderSetup, _ formatting: JSONEncoder.OutputFormatting) -> EncodingSettings {
        var options = EncodingOptions()
        options.outputFormatting = formatting
        options.dateEncodingStrategy = setup.dateStrategy
        options.dataEncodingStrategy = setup.dataStrategy
        options.nonConformingFloatEncodingStrategy = setup.floatStrategy
        options.keyEncodingStrategy = setup.keyStrategy
        options.userInfo = setup.userInfo
        return EncodingSettings(options)
    }

    /// Every differential case that JSONEncoder encodes streams, except those under the
    /// "constant-ish" key strategy, which makes keys collide on purpose.
    @Test(
        "regular values stream", arguments: (plainCases + strategyCases).filter { !$0.name.hasSuffix("constant-ish") })
    func regularValuesStream(_ testCase: EncoderCase) throws {
        for formatting in allFormattings {
            guard (try? testCase.setup.foundation(formatting).encode(testCase.value)) != nil else { continue }
            let streamed = try EncodingStream.streamed(testCase.value, settings: settings(testCase.setup, formatting))
            #expect(streamed != nil, "\(testCase.name) fell back to the tree encoder")
        }
    }

    @Test func irregularValuesFallBack() throws {
        let values: [any Encodable] = [
            OutOfOrderNested(), RepeatedKeys(), MergedContainers(), SingleValueThenContainer(), LateSuperEncoders(),
            DeepNesting(depth: 600), CatchesErrors(nestedFailures: true),
        ]
        for value in values {
            #expect(try EncodingStream.streamed(value, settings: settings(EncoderSetup(), [])) == nil, "\(value)")
        }
        var snake = EncoderSetup()
        snake.keyStrategy = .convertToSnakeCase
        #expect(try EncodingStream.streamed(SnakeCollisions(), settings: settings(snake, [.sortedKeys])) == nil)
    }

    /// An error from deep inside a value is thrown by the stream itself, without a second
    /// encode; writing on after catching one falls back.
    @Test func errorsReachTheTopWithoutFallback() throws {
        for position in BadFloatAt<Double>.Position.allCases {
            let value = [BadFloatAt(bad: Double.nan, position: position)]
            let error = try #require(throws: EncodingError.self) {
                try EncodingStream.streamed(value, settings: settings(EncoderSetup(), [.sortedKeys]))
            }
            let expected = try #require(throws: EncodingError.self) { try JSONEncoder().encode(value) }
            #expect(EncodingErrorSummary(error) == EncodingErrorSummary(expected), "\(position)")
        }
        #expect(
            try EncodingStream.streamed(CatchesErrors(nestedFailures: true), settings: settings(EncoderSetup(), []))
                == nil)
        #expect(
            try EncodingStream.streamed(CatchesErrors(nestedFailures: false), settings: settings(EncoderSetup(), []))
                != nil)
    }

    /// The tree encoder on its own, byte for byte with JSONEncoder.
    @Test("tree encoder matches JSONEncoder", arguments: plainCases + strategyCases)
    func treeEncoderAlone(_ testCase: EncoderCase) {
        for formatting in allFormattings where formatting.contains(.sortedKeys) {
            let expected = Result { try testCase.setup.foundation(formatting).encode(testCase.value) }
            let actual = Result {
                try EncodingTreeEncoder.encodeBytes(testCase.value, settings: settings(testCase.setup, formatting))
                    .takeData()
            }
            switch (expected, actual) {
            case (.success(let expectedData), .success(let actualData)):
                #expect(
                    String(decoding: actualData, as: UTF8.self) == String(decoding: expectedData, as: UTF8.self),
                    "\(testCase.name)")
            case (.failure(let expectedError), .failure(let actualError)):
                #expect(EncodingErrorSummary(actualError) == EncodingErrorSummary(expectedError), "\(testCase.name)")
            default:
                Issue.record("\(testCase.name): expected \(expected), got \(actual)")
            }
        }
    }

    /// Repeated keys found when an object ends: small objects compare every pair, large ones
    /// hash; canonically equivalent keys (one Swift string) count as repeats too.
    @Test func repeatedKeyDetection() throws {
        for count in [2, 5, 16, 17, 40, 300] {
            for repeated in [false, true] {
                var keys = (0..<count).map { "key\($0)" }
                if repeated { keys[count - 1] = "key\((count - 1) / 2)" }
                let value = KeyList(keys: keys)
                for formatting in [JSONEncoder.OutputFormatting(), .sortedKeys] {
                    let streamed = try EncodingStream.streamed(value, settings: settings(EncoderSetup(), formatting))
                    #expect((streamed == nil) == repeated, "\(count) keys, repeated: \(repeated)")
                }
                expectSameEncoding(value, formattings: [.sortedKeys, []])
            }
        }
        for pair in [("\u{e9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{c5}", "\u{212B}")] {
            let value = KeyList(keys: ["a", pair.0, "b", pair.1])
            #expect(try EncodingStream.streamed(value, settings: settings(EncoderSetup(), [])) == nil)
            expectSameEncoding(value, formattings: [.sortedKeys, []])
        }
    }

    @Test func snakeCaseMatchesFoundationOnEveryLetter() throws {
        // Every scalar up to U+31FFF between letters of both cases, and runs of capitals.
        var keys: [String] = []
        for value in UInt32(0x20)..<0x32000 {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let character = Character(scalar)
            keys.append("x\(character)Yz")
            keys.append("AB\(character)c")
        }
        keys += [
            "", "a", "A", "_", "__a", "a\r\nB", "aB\r\nC", "éÉé", "ǅungla", "aǅb", "e\u{301}E\u{301}e", "A\u{301}bc",
            "oneTwoThree",
            "HTTPServer", "myHTTPServerURL", "a1B2", "ß", "İstanbulCity", "ﬃFi", "URLValue", "_leadingUnderscore",
            "trailing_", "a__b", "ALLCAPS", "x\u{0}Y", "A\u{345}b",
        ]
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        var mismatches: [String] = []
        for chunk in stride(from: 0, to: keys.count, by: 4096) {
            let batch = Array(keys[chunk..<min(chunk + 4096, keys.count)])
            // One key per object, so JSONEncoder's dictionary merges nothing.
            let expected = try JSON(data: encoder.encode(batch.map { KeyList(keys: [$0]) }))
            let objects = expected.array ?? []
            #expect(objects.count == batch.count)
            // In order, not by index: `expected[index]` steps over the elements before it.
            for (key, object) in zip(batch, objects) {
                let converted = SnakeCaseConversion.convert(key)
                let foundation = object.keys.first ?? "<missing>"
                if !converted.utf8.elementsEqual(foundation.utf8) { mismatches.append(key) }
            }
        }
        #expect(
            mismatches.isEmpty, "\(mismatches.prefix(20).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })"
        )
    }
}

/// Encodes `keys` in order, each with its position as the value.
struct KeyList: Encodable, Sendable {
    var keys: [String]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (index, key) in keys.enumerated() { try container.encode(index, forKey: AnyKey(key)) }
    }
}
