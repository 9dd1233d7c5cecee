import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// Issue #15, item 8: `memoryLimit` bounds the tree one untrusted payload may build.
@Suite("Safety: memory limit")
struct SafetyMemoryLimitTests {
    static let megabyte = 1 << 20

    /// About 10 MB of `[{},{},…]`: some 850 MB of tree without a limit.
    static let emptyObjects: [UInt8] = {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        let count = 10 * megabyte / 3
        bytes.reserveCapacity(count * 3 + 2)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += [UInt8(ascii: "{"), UInt8(ascii: "}")]
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }()

    static let sample = #"""
        {"id": 18446744073709551615, "name": "caf\u00e9 😀", "tags": ["a", "b", ""], "n": -0,
         "nested": {"x": [1.5, -2e-3, true, false, null], "empty": {}, "list": []}, "id": 1}
        """#

    @Test(arguments: JSONParser.allCases)
    func hugeTreeStopsAtTheLimit(parser: JSONParser) throws {
        for usesArena in [true, false] {
            let options = JSON.ReadingOptions(parser: parser, usesArena: usesArena, memoryLimit: Self.megabyte)
            let error = try #require(throws: FastMapError.self) { try JSON(bytes: Self.emptyObjects, options: options) }
            #expect(error.kind == .memoryLimit, "\(error)")
            #expect(error.message.contains("memory limit of 1048576 bytes"), "\(error)")
            // Stopped after about a megabyte of tree, far from the end of the input.
            let offset = try #require(error.location?.offset)
            #expect(offset > 1_000 && offset < Self.emptyObjects.count / 10, "\(error)")
        }
    }

    @Test func decoderStopsAtTheLimit() throws {
        let decoder = FastJSONDecoder()
        #expect(decoder.memoryLimit == nil)
        decoder.memoryLimit = Self.megabyte
        for parser in JSONParser.allCases {
            decoder.parser = parser
            let error = try #require(throws: DecodingError.self) {
                try decoder.decode([[String: Int]].self, from: Self.emptyObjects)
            }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect((context.underlyingError as? FastMapError)?.kind == .memoryLimit, "\(error)")
        }
    }

    @Test func documentsUnderTheLimitAreUnchanged() throws {
        let unlimited = try JSON(string: Self.sample)
        for parser in JSONParser.allCases {
            for usesArena in [true, false] {
                for limit in [Self.megabyte, Int.max] {
                    let options = JSON.ReadingOptions(parser: parser, usesArena: usesArena, memoryLimit: limit)
                    let limited = try JSON(string: Self.sample, options: options)
                    #expect(limited == unlimited)
                    #expect(limited["id"]?.uint64 == UInt64.max)
                    #expect(try limited.data() == unlimited.data())
                }
            }
        }
        let decoder = FastJSONDecoder()
        let expected = try decoder.decode(AnyValue.self, from: Array(Self.sample.utf8))
        decoder.memoryLimit = Self.megabyte
        #expect(try decoder.decode(AnyValue.self, from: Array(Self.sample.utf8)) == expected)
    }

    /// The smallest limit under which `text` parses (limits are tried upwards, every 8 bytes).
    static func smallestLimit(_ text: String, parser: JSONParser = .yajl) -> Int? {
        for limit in stride(from: 0, through: 8192, by: 8) {
            if (try? JSON(string: text, options: .init(parser: parser, memoryLimit: limit))) != nil { return limit }
        }
        return nil
    }

    @Test func theLimitIsMonotonicAndCountsOneTree() throws {
        let plain = try #require(Self.smallestLimit(#"{"a":[1,2,3],"b":"hello","c":5}"#))
        // A duplicate key makes the parser start over; the budget counts the final tree only.
        let duplicate = try #require(Self.smallestLimit(#"{"a":[1,2,3],"b":"hello","a":5}"#))
        #expect(duplicate <= plain, "duplicate \(duplicate), plain \(plain)")
        // Pretty-printed text is parsed compacted: the budget does not count the attempt twice.
        let pretty = try #require(
            Self.smallestLimit("{\n  \"a\" : [ 1 , 2 , 3 ] ,\n  \"b\" : \"hello\" ,\n  \"c\" : 5\n}"))
        #expect(pretty == plain)
        for limit in stride(from: plain, through: plain + 512, by: 8) {
            #expect(throws: Never.self) {
                try JSON(string: #"{"a":[1,2,3],"b":"hello","c":5}"#, options: .init(memoryLimit: limit))
            }
        }
    }

    @Test func zeroAndNegativeLimitsAdmitOnlyConstants() throws {
        for limit in [0, -1, Int.min] {
            for parser in JSONParser.allCases {
                let options = JSON.ReadingOptions(parser: parser, memoryLimit: limit)
                #expect(try JSON(string: "null", options: options).isNull)
                #expect(try JSON(string: " true ", options: options).bool == true)
                for text in ["1", #""a""#, "[]", "{}", "1.5"] {
                    let error = try #require(throws: FastMapError.self) { try JSON(string: text, options: options) }
                    #expect(error.kind == .memoryLimit, "\(text) at \(limit): \(error)")
                }
            }
        }
    }

    @Test func hugeLimitsAreNoLimit() throws {
        let json = try JSON(
            bytes: Array(Self.emptyObjects.prefix(30_000)) + [UInt8(ascii: "]")],
            options: .init(memoryLimit: Int.max))
        #expect(json.array?.count == 10_000)
    }

    /// `[small, huge, small]` where only the middle element passes a 64 KB budget.
    static let mixed: [UInt8] =
        Array(#"[{"a":1},"#.utf8) + Array(emptyObjects.prefix(60_000)) + Array(#"],{"b":2}]"#.utf8)

    struct Small: Decodable, Equatable {
        var a: Int?
        var b: Int?
    }

    enum Element: Decodable, Equatable {
        case small(Small)
        case list(Int)

        init(from decoder: any Decoder) throws {
            if let list = try? [[String: Int]](from: decoder) {
                self = .list(list.count)
            } else {
                self = .small(try Small(from: decoder))
            }
        }
    }

    @Test func streamingAppliesTheLimitPerElement() async throws {
        let decoder = FastJSONDecoder()
        let whole = await collect(decoder.stream(Element.self, from: CountingChunks(chunks: [Self.mixed])))
        #expect(whole.error == nil && whole.values.count == 3)
        decoder.memoryLimit = 64 * 1024
        let thrown = await collect(decoder.stream(Element.self, from: CountingChunks(chunks: [Self.mixed])))
        #expect(thrown.values == [.small(Small(a: 1))])
        let error = try #require(thrown.error)
        #expect(Hostile.fastMapError(error)?.kind == .memoryLimit)
        for chunkSize in [7, 4096, Self.mixed.count] {
            let chunks = chunked(Self.mixed, sizes: [chunkSize])
            let skipped = await collect(
                decoder.stream(Element.self, from: CountingChunks(chunks: chunks), onError: .skip))
            #expect(skipped.error == nil, "\(String(describing: skipped.error))")
            #expect(skipped.values == [.small(Small(a: 1)), .small(Small(b: 2))], "chunks of \(chunkSize)")
        }
        let file = try TemporaryFile(contents: Self.mixed)
        defer { file.remove() }
        var seen: [Element] = []
        try decoder.forEach(Element.self, contentsOf: file.url, onError: .skip) { seen.append($0) }
        #expect(seen == [.small(Small(a: 1)), .small(Small(b: 2))])
        // A limit large enough for every element changes nothing.
        decoder.memoryLimit = 64 * Self.megabyte
        #expect(
            await collect(decoder.stream(Element.self, from: CountingChunks(chunks: [Self.mixed]))).values
                == whole.values)
    }

    @Test func linesApplyTheLimitPerLine() async throws {
        let decoder = FastJSONDecoder()
        decoder.memoryLimit = 64 * 1024
        let text =
            Array(#"{"a":1}"#.utf8) + [0x0A] + Array(Self.emptyObjects.prefix(60_000)) + [UInt8(ascii: "]"), 0x0A]
            + Array(#"{"b":2}"#.utf8) + [0x0A]
        let lines = await collect(decoder.lines(Element.self, from: CountingChunks(chunks: [text]), onError: .skip))
        #expect(lines.error == nil)
        #expect(lines.values == [.small(Small(a: 1)), .small(Small(b: 2))])
        let thrown = await collect(decoder.lines(Element.self, from: CountingChunks(chunks: [text])))
        let error = try #require(thrown.error)
        #expect(Hostile.fastMapError(error)?.kind == .memoryLimit)
    }
}
