import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The array stream reads runs of whole elements with simdjson (stream_simdjson.c) and gives
/// back to yajl whatever simdjson or the builder refuses. Every run here is compared with the
/// same input read by yajl alone: same elements, values, positions, failures and stop.
@Suite("Streaming: simdjson windows")
struct StreamingWindowTests {
    /// One run, and how many of its elements simdjson read.
    static func run(
        _ bytes: [UInt8], sizes: [Int], mode: StreamingMode = .array(.root), parser: JSONParser,
        maximumDepth: Int = 512, memoryLimit: Int? = nil, usesArenas: Bool = true
    ) throws -> (run: StreamRun, bySimdjson: Int) {
        try runStreamCounting(
            chunked(bytes, sizes: sizes), mode: mode, maximumDepth: maximumDepth, usesArenas: usesArenas,
            memoryLimit: memoryLimit, parser: parser)
    }

    /// Reads `bytes` with windows in several chunkings and with yajl alone; all must agree.
    /// Returns the whole-input run with windows.
    @discardableResult
    static func expectAgreement(
        _ bytes: [UInt8], mode: StreamingMode = .array(.root), maximumDepth: Int = 512, memoryLimit: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (run: StreamRun, bySimdjson: Int) {
        let reference = try run(
            bytes, sizes: [max(1, bytes.count)], mode: mode, parser: .yajl, maximumDepth: maximumDepth,
            memoryLimit: memoryLimit)
        var whole: (run: StreamRun, bySimdjson: Int)?
        // The whole input in one chunk, with and without arenas; a server-sized chunk; and random
        // small chunks that cut windows anywhere (kept few: the suite also runs under ASan in CI).
        let runs: [(sizes: [Int], usesArenas: Bool)] = [
            ([max(1, bytes.count)], true), ([max(1, bytes.count)], false), ([4096], true),
            (randomSizes(count: 16, limit: 900, seed: 7), true),
        ]
        for (sizes, usesArenas) in runs {
            let windows = try run(
                bytes, sizes: sizes, mode: mode, parser: .simdjson, maximumDepth: maximumDepth,
                memoryLimit: memoryLimit, usesArenas: usesArenas)
            if whole == nil { whole = windows }
            #expect(
                windows.run == reference.run, "chunk sizes \(sizes.prefix(4)), arenas: \(usesArenas)",
                sourceLocation: sourceLocation)
        }
        return try #require(whole)
    }

    /// Bytes that change what a document means when written over one of its bytes.
    static let damage: [UInt8] = Array(#""\,:[]{}0-.eE+ tfnu/x"#.utf8) + [0, 0x1F, 0x0C, 0x0B, 0x80, 0xC3, 0xED, 0xFF]

    static func records(_ range: Range<Int>) -> [String] {
        range.map {
            #"{"id":\#($0),"name":"user \#($0) \u00e9\n","tags":["a","b\"c"],"score":\#(Double($0) / 8),"ok":true,"none":null}"#
        }
    }

    /// `count` records with `bad` spliced in at `position`, pretty-printed over several lines.
    static func document(_ bad: [UInt8], at position: Int, count: Int = 400) -> [UInt8] {
        var parts = records(0..<count).map { Array($0.utf8) }
        parts.insert(bad, at: position)
        var bytes = Array("[\n".utf8)
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes += Array(" ,\n  ".utf8) }
            bytes += part
        }
        return bytes + Array("\n]\n".utf8)
    }

    @Test func windowsReadAlmostEveryElement() throws {
        let bytes = Self.document(Array("{}".utf8), at: 0, count: 3000)
        let (run, bySimdjson) = try Self.expectAgreement(bytes)
        #expect(run.elements.count == 3001)
        #expect(run.stop == nil)
        // The first element and the last one (before the closing bracket) are yajl's.
        #expect(bySimdjson >= 2990)
        let yajl = try Self.run(bytes, sizes: [bytes.count], parser: .yajl)
        #expect(yajl.bySimdjson == 0)
    }

    /// Elements the builder refuses fail alone, those simdjson refuses as text stop the stream;
    /// either way exactly where and how yajl alone reports it, the elements before it read by
    /// simdjson.
    @Test(arguments: [
        #""\ud800""#, #""a\udc00b""#, #"{"k":"\ud83d"}"#, "-01", "01", "1.", "1e", "+1", "tru", "nul",
        #"{"a":1 "b":2}"#, "[1,]", #"{"a":1,}"#, #"{"a":"x"}}"#, "[[1]", #"{"a"}"#, #"{"a":}"#, "", "1 2",
        #""\x""#, #""\u12G4""#, "1e400", "-1e-400", "123456789012345678901234567890", "0.10000000000000000000001",
        #"{"a":1,"a":2}"#, #""\u0000\t\/""#, "[]", "{}", "-0", "1E+2", "\"\u{2028}\u{2029}\"",
        // Tokens where the grammar wants others, or glued to the one before (the walk checks
        // the grammar on simdjson's index of token starts).
        #""a""b""#, #""a"1"#, #"1"a""#, #""a":1"#, #"{"a""b":1}"#, #"{"a":1:2}"#, #"{"a"::1}"#, #"{:1}"#,
        #"{"a":1,"b"}"#, #"[1:2]"#, "[}", "{]", "true1", "[true,false,null]",
    ])
    func refusedTextIsReadByYajl(bad: String) throws {
        for position in [0, 1, 250] {
            let (_, bySimdjson) = try Self.expectAgreement(Self.document(Array(bad.utf8), at: position))
            if position == 250 { #expect(bySimdjson >= 200, "\(bad)") }
        }
    }

    /// A window is the text between commas: an empty one is an error, wherever it is.
    @Test(arguments: [
        "[1,,2]", "[1, ,2]", "[1,\n,2]", "[{},,{}]", "[1,2,,3]", "[1,2,,]", "[1,,]", "[,1]", "[1,2,3,]", "[1,2,3 , ]",
        "[1 , 2 , 3]", "[[],[],{},\"\"]", "[1,2,3", "[1,2,3,", "[\"a,b\",\"c\"]", "[\"a\\\",\",1]",
    ])
    func emptyAndEdgeElementsAgree(text: String) throws {
        try Self.expectAgreement(Array(text.utf8))
        try Self.expectAgreement(Array(text.replacingOccurrences(of: "[1", with: "[0,0,0,1").utf8))
    }

    @Test(
        arguments: [
            [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x01], [0x1F], [0x7F],
        ] as [[UInt8]])
    func badBytesInStringsAgree(bytes: [UInt8]) throws {
        let bad = Array(#"{"s":"a"#.utf8) + bytes + Array(#"b"}"#.utf8)
        try Self.expectAgreement(Self.document(bad, at: 250))
        // Outside any string too.
        try Self.expectAgreement(Self.document(Array("[1,".utf8) + bytes + Array("]".utf8), at: 250))
    }

    @Test func depthAndMemoryLimitsAgree() throws {
        let deep = String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
        let bytes = Self.document(Array(#"{"deep":\#(deep)}"#.utf8), at: 100)
        for depth in [0, 1, 2, 3, 8, 13, 14, 15, 512] {
            try Self.expectAgreement(bytes, maximumDepth: depth)
        }
        let big = Self.document(Array(#"{"s":"\#(String(repeating: "x", count: 5000))"}"#.utf8), at: 100)
        for limit in [0, 64, 512, 4096, 100_000] {
            try Self.expectAgreement(big, memoryLimit: limit)
        }
    }

    @Test func elementsLargerThanAWindowAgree() throws {
        let large = Array(#"{"s":"\#(String(repeating: "y\\n", count: 60_000))"}"#.utf8)
        let huge = Array("[\(String(repeating: "1234567,", count: 600_000))0]".utf8)  // 4.8 MB
        var bytes = Self.document(large, at: 10, count: 60)
        bytes.removeLast(3)
        bytes += Array(",".utf8) + huge + Array(",".utf8) + large + Array(",{}]".utf8)
        let (run, _) = try Self.expectAgreement(bytes)
        #expect(run.elements.count == 64)
    }

    /// A string yajl has not finished is held back while the chunks after it cannot end it
    /// (stream_array.c, hold_piece): 2 MB strings, as a value and as a key, in 64-byte and
    /// random chunks, with both parsers, read as the whole input read by yajl alone; so do a
    /// control byte deep inside one (the error's offset and line) and the input ending inside
    /// one. Fed unheld, these chunkings lexed each string again with every chunk: about 30 GB.
    @Test func longStringsInSmallChunksAgree() throws {
        let unit = #"ab\u00e9\n\"x"#
        let long = String(repeating: unit, count: (2 << 20) / unit.utf8.count)
        let text = #"[{"k":"\#(long)"},{"\#(long)":1},"\#(long)",\#n{"tail":true}]"#
        let valid = Array(text.utf8)
        var control = valid
        control[1_500_000] = 0x01
        let truncated = Array(valid.prefix(3_000_000))
        try Self.expectSmallChunksAgree(
            [("valid", valid), ("control byte", control), ("truncated", truncated)], seed: 11)
        #expect(try Self.run(valid, sizes: [valid.count], parser: .yajl).run.elements.count == 4)
    }

    /// Each input in 64-byte and random chunks, with both parsers, against the whole input read
    /// by yajl alone.
    static func expectSmallChunksAgree(
        _ inputs: [(name: String, bytes: [UInt8])], seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (name, bytes) in inputs {
            let reference = try run(bytes, sizes: [bytes.count], parser: .yajl)
            for sizes in [[64], randomSizes(count: 16, limit: 3000, seed: seed)] {
                for parser in [JSONParser.simdjson, .yajl] {
                    let pieces = try run(bytes, sizes: sizes, parser: parser)
                    #expect(
                        pieces.run == reference.run, "\(name), sizes \(sizes.prefix(3)), \(parser)",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// The same for numbers: 2 MB of digits (an integer, a member's value, an exponent) in
    /// 64-byte and random chunks, with a letter inside one and the input ending inside one.
    @Test func longNumbersInSmallChunksAgree() throws {
        let digits = String(repeating: "1234567890", count: 200_000)
        let real = "-1." + String(repeating: "5", count: 10_000) + "e+" + String(repeating: "0", count: 20_000) + "1"
        let text = "[\(digits),{\"n\":-\(digits)},\(real),\n7]"
        let valid = Array(text.utf8)
        var letter = valid
        letter[1_000_000] = UInt8(ascii: "x")
        let truncated = Array(valid.prefix(3_000_000))
        try Self.expectSmallChunksAgree([("valid", valid), ("letter", letter), ("truncated", truncated)], seed: 12)
        #expect(try Self.run(valid, sizes: [valid.count], parser: .yajl).run.elements.count == 4)
    }

    @Test func arraysAtPathsAgree() throws {
        let inner = Self.document(Array("{}".utf8), at: 0, count: 300)
        let text =
            #"{"meta":{"data":[0,1]},"data":"# + String(decoding: inner, as: UTF8.self)
            + #","more":[{"x":1},{"y":2}]}"#
        let (run, bySimdjson) = try Self.expectAgreement(Array(text.utf8), mode: .array("data"))
        #expect(run.elements.count == 301)
        #expect(bySimdjson > 250)
        try Self.expectAgreement(Array(text.utf8), mode: .array("more"))
        try Self.expectAgreement(Array(text.utf8), mode: .array("meta.data"))
    }

    /// yajl puts a member's unexpected token at the token's start, and a token that began in an
    /// earlier piece at the piece's first byte unless the stream says where it began. Every cut of
    /// each document is read in two pieces, with windows and with yajl alone.
    @Test(arguments: [
        #"[{"a":144869 6718780192234},1]"#,  // a second number where ',' or '}' belongs
        #"[{"a":140-8374787294334498},1]"#,  // `-` starts a token of its own
        #"[{"a":02.6920459431344455e+101},1]"#,  // so does a digit after a leading zero
        #"[{"a":-5.3375"4103317707e-10"},1]"#,  // a string (yajl counts it without quotes)
        #"[{"a":92233720:6854775807},1]"#,  // the unexpected token is the colon after the number
        #"[{"a":true false},1]"#,
        #"[{"a":1 nul9},1]"#,  // lexical errors: yajl points at the byte that breaks the token
        #"[{"a":1 2e,"b":2},1]"#,
        #"[{"a":1 "b\q"},1]"#,
        "[1736680-346160075095\n,1]",  // in an array yajl points past the token, cut or not
    ])
    func tokensCutBetweenPiecesFailWhereYajlSays(text: String) throws {
        let bytes = Array(text.utf8)
        let reference = try Self.run(bytes, sizes: [bytes.count], parser: .yajl)
        for cut in 1..<bytes.count {
            for parser in [JSONParser.simdjson, .yajl] {
                let pieces = try Self.run(bytes, sizes: [cut, bytes.count], parser: parser)
                #expect(pieces.run == reference.run, "cut at \(cut), \(parser)")
            }
        }
    }

    @Test func randomDocumentsAgree() throws {
        for seed in 1...12 {
            var generator = RandomJSONGenerator(seed: UInt64(seed), maximumDepth: 4)
            let values = (0..<200).map { _ in generator.value() }
            let data = try JSONSerialization.data(
                withJSONObject: values, options: seed % 2 == 0 ? [.prettyPrinted] : [])
            let bytes = Array(data)
            let (run, bySimdjson) = try Self.expectAgreement(bytes)
            #expect(run.elements.count == 200)
            #expect(bySimdjson > 150)
            // Damaged: one byte overwritten anywhere (inside a window, on a comma, a bracket).
            for _ in 0..<6 {
                var damaged = bytes
                let index = Int.random(in: 0..<bytes.count, using: &generator.generator)
                damaged[index] = Self.damage.randomElement(using: &generator.generator)!
                try Self.expectAgreement(damaged)
            }
        }
    }
}
