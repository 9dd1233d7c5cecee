import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Issue #15, item 1: any `maximumDepth` is safe. Huge limits once sized the builder's frame
/// stack as `(limit + 1) * 16` bytes, which wraps to a tiny block that nested input overflows.
@Suite("Safety: hostile maximumDepth settings")
struct SafetyDepthTests {
    static let hugeLimits = [Int.max, Int.max - 1, 1 << 60, 1 << 62, Int(UInt32.max)]
    static let scalarOnlyLimits = [0, -1, -512, Int.min]

    /// The innermost value of `depth` nested arrays, walked down one level at a time.
    static func innermost(_ json: JSON, depth: Int) -> JSON? {
        var current: JSON? = json
        for _ in 0..<depth { current = current?[0] }
        return current
    }

    @Test(arguments: JSONParser.allCases)
    func hugeLimitsMeanNoLimit(parser: JSONParser) throws {
        let depth = 20_000
        let arrays = Hostile.nestedArrays(depth)
        let objects = Hostile.nestedObjects(depth)
        for limit in Self.hugeLimits {
            for usesArena in [true, false] {
                let options = JSON.ReadingOptions(parser: parser, maximumDepth: limit, usesArena: usesArena)
                let json = try JSON(bytes: arrays, options: options)
                #expect(Self.innermost(json, depth: depth)?.int == 1, "limit \(limit)")
                let nested = try JSON(bytes: objects, options: options)
                var current: JSON? = nested
                for _ in 0..<depth { current = current?["a"] }
                #expect(current?.int == 1, "limit \(limit)")
            }
        }
    }

    @Test(arguments: JSONParser.allCases)
    func zeroAndNegativeLimitsAcceptOnlyScalars(parser: JSONParser) throws {
        for limit in Self.scalarOnlyLimits {
            let options = JSON.ReadingOptions(parser: parser, maximumDepth: limit)
            #expect(try JSON(string: "  42 ", options: options).int == 42)
            #expect(try JSON(string: #""text""#, options: options).string == "text")
            for text in ["[]", "{}", "[1]", #"{"a":1}"#, "  [[[1]]]"] {
                let error = try #require(throws: FastMapError.self) { try JSON(string: text, options: options) }
                #expect(error.kind == .depthLimit, "\(text) at limit \(limit): \(error)")
            }
        }
    }

    @Test func exactLimitsStillHold() throws {
        for parser in JSONParser.allCases {
            let options = JSON.ReadingOptions(parser: parser, maximumDepth: 40)
            #expect(try JSON(bytes: Hostile.nestedArrays(40), options: options)[0]?[0]?.kind == .array)
            let error = try #require(throws: FastMapError.self) {
                try JSON(bytes: Hostile.nestedArrays(41), options: options)
            }
            #expect(error.kind == .depthLimit)
        }
    }

    @Test func decoderTakesEveryLimit() throws {
        let depth = 600
        let bytes = Hostile.nestedArrays(depth)
        var expected = HostileNest.leaf(1)
        for _ in 0..<depth { expected = .list([expected]) }
        for limit in Self.hugeLimits {
            let decoder = FastJSONDecoder()
            decoder.maximumDepth = limit
            for parser in JSONParser.allCases {
                decoder.parser = parser
                #expect(try decoder.decode(HostileNest.self, from: bytes) == expected, "limit \(limit)")
            }
        }
        for limit in Self.scalarOnlyLimits {
            let decoder = FastJSONDecoder()
            decoder.maximumDepth = limit
            #expect(try decoder.decode(Int.self, from: Array("7".utf8)) == 7)
            let error = try #require(throws: DecodingError.self) {
                try decoder.decode([Int].self, from: Array("[1]".utf8))
            }
            #expect(Hostile.fastMapError(error)?.kind == .depthLimit, "limit \(limit): \(error)")
        }
    }

    /// `[<600 nested arrays>, 2]`: the stream's elements with every limit.
    static let streamText: [UInt8] = Array("[".utf8) + Hostile.nestedArrays(600) + Array(",2]".utf8)

    @Test func streamingTakesHugeLimits() async throws {
        let file = try TemporaryFile(contents: Self.streamText)
        defer { file.remove() }
        let lines = try TemporaryFile(contents: Hostile.nestedArrays(600) + Array("\n2\n".utf8))
        defer { lines.remove() }
        for limit in Self.hugeLimits {
            let decoder = FastJSONDecoder()
            decoder.maximumDepth = limit
            let streamed = await collect(
                decoder.stream(HostileNest.self, from: CountingChunks(chunks: [Self.streamText])))
            #expect(streamed.error == nil, "limit \(limit): \(String(describing: streamed.error))")
            #expect(streamed.values.count == 2 && streamed.values.last == .leaf(2))
            var count = 0
            try decoder.forEach(HostileNest.self, contentsOf: file.url) { _ in count += 1 }
            #expect(count == 2)
            let fromLines = await collect(decoder.lines(HostileNest.self, contentsOf: lines.url))
            #expect(fromLines.error == nil && fromLines.values.count == 2, "limit \(limit)")
        }
    }

    @Test func streamingTakesZeroAndNegativeLimits() async throws {
        let file = try TemporaryFile(contents: Self.streamText)
        defer { file.remove() }
        for limit in Self.scalarOnlyLimits {
            let decoder = FastJSONDecoder()
            decoder.maximumDepth = limit
            // The array being streamed is itself one level deep.
            let streamed = await collect(decoder.stream(Int.self, from: CountingChunks(chunks: [Array("[1,2]".utf8)])))
            #expect(streamed.values.isEmpty)
            let streamError = try #require(streamed.error)
            #expect(Hostile.fastMapError(streamError)?.kind == .depthLimit, "limit \(limit)")
            let error = try #require(throws: (any Error).self) {
                try decoder.forEach(HostileNest.self, contentsOf: file.url) { _ in }
            }
            #expect(Hostile.fastMapError(error)?.kind == .depthLimit, "limit \(limit): \(error)")
            // Lines of scalars are within a limit of 0; a nested line fails alone.
            let lines = await collect(
                decoder.lines(Int.self, from: CountingChunks(chunks: [Array("1\n[2]\n3\n".utf8)]), onError: .skip))
            #expect(lines.values == [1, 3] && lines.error == nil, "limit \(limit)")
        }
    }

    /// A document parsed (or streamed) with `maximumDepth: .max` records that bound; composing
    /// it added one level to Int.max and trapped.
    @Test func valuesParsedWithoutALimitCompose() async throws {
        for usesArena in [true, false] {
            let options = JSON.ReadingOptions(maximumDepth: .max, usesArena: usesArena)
            let parsed = try JSON(string: #"{"a":[1,2]}"#, options: options)
            let composed = JSON(array: [parsed, JSON(members: [("b", parsed)])])
            #expect(composed[1]?["b"]?["a"]?[1]?.int == 2)
            #expect(try FastJSONEncoder().encodeToJSON(["x": composed])["x"]?[0]?["a"]?[0]?.int == 1)
        }
        let decoder = FastJSONDecoder()
        decoder.maximumDepth = .max
        let streamed = await collect(decoder.stream(JSON.self, from: CountingChunks(chunks: [Array("[[1],[2]]".utf8)])))
        #expect(JSON(array: streamed.values)[1]?[0]?.int == 2)
    }
}
