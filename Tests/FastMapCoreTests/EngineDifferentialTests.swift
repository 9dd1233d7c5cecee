import CFastMap
import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// Issue #20: every engine builds the same tree as yajl or throws the same error (kind, message,
/// line, column, offset), on generated documents, on those documents damaged byte by byte and
/// cut short, and on the edge cases of the simdjson walk. (The JSONTestSuite corpus is compared
/// in `JSONTestSuiteTests.enginesAgreeOnEveryFile`.)
@Suite struct EngineDifferentialTests {
    /// Parses `bytes` with every engine and records where one differs from yajl.
    /// `bytes` may be any contiguous bytes (a slice is parsed where it lies).
    static func expectAgreement<Bytes: ContiguousBytes>(
        _ bytes: Bytes, options: JSON.ReadingOptions = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func parse(_ parser: JSONParser) -> Result<JSON, FastMapError> {
            var chosen = options
            chosen.parser = parser
            return Result { () throws(FastMapError) -> JSON in try JSON(bytes: bytes, options: chosen) }
        }
        let yajl = parse(.yajl)
        let text = bytes.withUnsafeBytes { String(decoding: $0.prefix(200), as: UTF8.self) }
        for parser in JSONParser.allCases where parser != .yajl {
            let other = parse(parser)
            switch (yajl, other) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(parser) tree differs for \(text)", sourceLocation: sourceLocation)
                #expect(
                    (try? a.data()) == (try? b.data()), "\(parser) text differs for \(text)",
                    sourceLocation: sourceLocation)
            case (.failure(let a), .failure(let b)):
                #expect(
                    a.kind == b.kind && a.message == b.message && a.location == b.location,
                    "\(parser) error differs for \(text): \(a) vs \(b)", sourceLocation: sourceLocation)
            default:
                Issue.record(
                    "yajl and \(parser) disagree on \(text): \(yajl) vs \(other)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Bytes that change what a document means when written over one of its bytes.
    static let damage: [UInt8] = Array(#""\,:[]{}0-.eE+ tfnu/x"#.utf8) + [0, 0x1F, 0x0C, 0x0B, 0x80, 0xC3, 0xED, 0xFF]

    @Test func generatedDocumentsAgree() throws {
        var random = RandomJSONGenerator(seed: 20, maximumDepth: 5)
        var simdjsonBuilt = fm_test_simdjson_documents()
        for round in 0..<300 {
            let value = random.container()
            let pretty: JSONSerialization.WritingOptions = round.isMultiple(of: 2) ? [] : [.prettyPrinted]
            let bytes = [UInt8](try JSONSerialization.data(withJSONObject: value, options: pretty))
            Self.expectAgreement(bytes)
            Self.expectAgreement(bytes, options: .init(allowsTrailingCommas: false))
            // Damaged: one byte overwritten, and the text cut short.
            for _ in 0..<8 where !bytes.isEmpty {
                var damaged = bytes
                let index = Int.random(in: 0..<bytes.count, using: &random.generator)
                damaged[index] = Self.damage.randomElement(using: &random.generator)!
                Self.expectAgreement(damaged)
            }
            Self.expectAgreement(Array(bytes.prefix(Int.random(in: 0..<max(1, bytes.count), using: &random.generator))))
        }
        // The walk itself built (most of) the valid documents: simdjson is not just handing
        // everything to yajl.
        simdjsonBuilt = fm_test_simdjson_documents() - simdjsonBuilt
        #expect(simdjsonBuilt >= 300)
    }

    /// The simdjson walk tells the writer how many values and keys a document can hold at most
    /// (half its tokens, rounded up), and the writer makes room for them at once: no document it
    /// builds grows its cells while writing them, however its values nest or end (the bound is
    /// tightest for `[[[1]]]`-like nesting and single members).
    @Test func theWalksBoundOnValuesHoldsEveryDocument() throws {
        var random = RandomJSONGenerator(seed: 21, maximumDepth: 6)
        var documents = [
            "[]", "{}", "[1]", "[[[[[[1]]]]]]", "[[[[[[]]]]]]", #"{"a":{"b":{"c":{}}}}"#, #"{"a":{"b":{"c":1}}}"#,
            #"[{"a":[{"b":[]}]}]"#, "[" + String(repeating: "[1],", count: 500) + "[]]",
            "[" + String(repeating: "0,", count: 2000) + "0]",
            "{" + (0..<600).map { #""k\#($0)":{}"# }.joined(separator: ",") + "}",
        ]
        for _ in 0..<200 {
            let value = random.container()
            documents.append(String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self))
        }
        for text in documents {
            let grows = fm_test_writer_grows()
            let built = fm_test_simdjson_documents()
            let json = try JSON(string: text, options: .init(parser: .simdjson))
            #expect(fm_test_simdjson_documents() == built + 1, "yajl built \(text.prefix(80))")
            #expect(fm_test_writer_grows() == grows, "the cells of \(text.prefix(80)) grew")
            #expect(json == (try JSON(string: text, options: .init(parser: .yajl))))
        }
    }

    /// Inputs at the edges of what the simdjson walk reads itself and what it hands to yajl.
    static let edgeCases: [String] = [
        "[]", "{}", " [ ] ", "[1]", "{\"a\":1}", "[1,]", "{\"a\":1,}", "[,]", "[1,,2]", "[1 2]", "{\"a\" 1}",
        "{\"a\":1 \"b\":2}", "[1]]", "[1] [2]", "[1]x", "{}}", "[", "{", "[\"a\"", "{\"a\":", "[1.]", "[.5]",
        "[01]", "[-]", "[-0]", "[-0.0]", "[0e]", "[1e+]", "[1E-2]", "[1x]", "[truex]", "[tru]", "[nul]",
        "[null, true, false]", "[nulll]", "[\"a\"x]", "{\"a\"x:1}", "[\"\\u0000\"]", "{\"\\u0000\":\"\\u0000\"}",
        "[\"\\ud83d\\ude00\"]", "[\"\\ud83d\"]", "[\"\\ude00\"]", "[\"\\ud83d\\u0041\"]", "[\"\\uD83D\\uDE00x\"]",
        "[\"\\x\"]", "[\"\\u12\"]", "[\"\\u12G4\"]", "[\"a\\\"b\"]", "{\"a\\\"b\":1}", "{\"a\\\\\":1}",
        "[\"\u{1}\"]", "{\"\u{1}\":1}", "[\"\u{7f}\"]", "[\"é中😀\"]", "[18446744073709551615]",
        "[18446744073709551616]", "[-9223372036854775808]", "[-9223372036854775809]", "[1e400]", "[-1e400]",
        "[1e-400]", "[123456789012345678901234567890]", "{\"a\":1,\"a\":2}", "{\"a\":{\"b\":1},\"a\":[2]}",
        // A duplicate is noticed when its object closes: then the tree is built again the careful
        // way; a document that ends or breaks before that is yajl's to judge.
        "{\"a\":1,\"a\":2", "[{\"a\":1,\"a\":{\"b\":[1,2]}},x]", "{\"a\":{\"k\":1,\"k\":2},\"a\":3}",
        "[{\"k\":[],\"k\":{}},{\"k\":1}]",
        "[{\"k\":[{\"k\":{}}]}]", "\u{feff}[1]", "[1]\u{c}", "\u{c}[1]", "[1,\u{b}2]", "42", "\"x\"", "null",
        " ", "", "[1]\n\r\t ", "/* c */ [1]", "['a']", "[0x1]", "[Infinity]", "[NaN]",
        // The walk reads simdjson's index of token starts and checks the grammar itself: a token
        // where the grammar wants another, or glued to the one before it.
        "[\"a\"\"b\"]", "[\"a\"1]", "[1\"a\"]", "[\"a\":1]", "[1:2]", "{\"a\"\"b\":1}", "{\"a\" \"b\":1}",
        "{\"a\":1\"b\":2}", "{\"a\":1:2}", "{\"a\"::1}", "{:1}", "{\"a\"}", "{\"a\":}", "{\"a\":1,\"b\"}", "{1:2}",
        "{\"a\":1,,\"b\":2}", "[1]\"x\"", "[[1],[2]", "{\"a\":[}", "[{]", "[}", "{]", "[\"a\",]", "[true1]",
        "[false,null,true]", "[ -1 , \"a\" , true ]", "{ \"a\" : [ 1 , { } ] , \"b\" : { \"c\" : null } }",
        "[\"\\\\\"\"]", "[\"\\\\\",\"]", "{\"\\\\\":\"\\\\\"}",
        // Keys without escapes are added straight from the document's text, decoded ones from the
        // scratch buffer the value after them reuses; duplicates spelled both ways.
        "{\"k\\u0031\":\"v\\n\",\"k1\":\"x\"}", "{\"k1\":\"\\u0041\",\"k\\u0031\":2}",
        "{\"a\\nb\":\"c\\nd\",\"e\":\"f\\u0041\",\"a\\nb\":0}", "[{\"x\":{\"y\\t\":[\"z\\t\"]},\"x\":1}]",
    ]

    @Test(arguments: [true, false])
    func edgeCasesAgree(allowsTrailingCommas: Bool) {
        for text in Self.edgeCases {
            Self.expectAgreement(Array(text.utf8), options: .init(allowsTrailingCommas: allowsTrailingCommas))
        }
        // Invalid UTF-8 inside and outside strings.
        for bytes: [UInt8] in [
            [0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], [0x5B, 0xFF, 0x5D],
        ] {
            Self.expectAgreement(bytes)
        }
    }

    /// Prose with escapes between long runs: both engines copy the text between escapes a run at
    /// a time (simdjson's decoder, yajl's search for the token's opening quote), so the runs, the
    /// escapes at their edges and what a run may hide (a raw control character, a quote, a lone
    /// surrogate) are compared here, in strings and in keys.
    @Test func stringsWithEscapesBetweenRunsAgree() {
        let pieces = [
            "plain words ", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", "é中", "\\t", "\\/",
        ]
        var random = RandomJSONGenerator(seed: 7, maximumDepth: 1)
        for _ in 0..<200 {
            let count = Int.random(in: 1..<40, using: &random.generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random.generator)! }.joined()
            let bytes = Array("[\"\(text)\"]".utf8)
            Self.expectAgreement(bytes)
            Self.expectAgreement(Array("{\"\(text)\":\"\(text)\"}".utf8))
            // And both are right: Foundation reads the same string.
            let expected = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String]
            for parser in JSONParser.allCases {
                let json = try? JSON(bytes: bytes, options: .init(parser: parser))
                #expect(json?[0]?.string == expected?.first, "\(parser) read \(text) wrong")
            }
        }
        for text in [
            "[\"abc\\ndef\u{1}ghi\"]", "[\"abc\\n\u{1f}\"]", "[\"\\\\\\\"\\\\\"]", "[\"x\\\\\"]",
            "{\"\\\"\\\\\":1}",
            "[\"\(String(repeating: "a", count: 300))\\ud83d\(String(repeating: "b", count: 300))\"]",
            "[\"\(String(repeating: "word \\n", count: 500))\"]",
        ] {
            Self.expectAgreement(Array(text.utf8))
        }
    }

    /// The simdjson walk finds where a key ends by stepping back from its value over the colon
    /// and the white space, and looks for a backslash eight bytes at a time in text of up to 32
    /// bytes (reading past the text into simdjson's padding). So: keys with white space around
    /// their colon and escaped quotes or backslashes at their end; and an escape at every
    /// position of text 0 to 70 bytes long, with a backslash right after the closing quote too.
    /// (A kept string is copied into its node sixteen bytes a step while its backslash is looked
    /// for, so 70 bytes put the escape in every lane of several steps.)
    @Test func keyEndsAndBackslashPositionsAgree() {
        // Every document here is valid: each must agree with yajl and be built by the simdjson
        // walk itself, not handed to yajl.
        @discardableResult
        func expectBuiltAndAgreeing(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSON? {
            let bytes = Array(text.utf8)
            Self.expectAgreement(bytes, sourceLocation: sourceLocation)
            let before = fm_test_simdjson_documents()
            let json = try? JSON(bytes: bytes, options: .init(parser: .simdjson))
            let built = fm_test_simdjson_documents() - before
            #expect(json != nil && built == 1, "\(text)", sourceLocation: sourceLocation)
            return json
        }
        for space in ["", " ", "\n\t ", "\r\n  "] {
            for key in ["", "a", #"\""#, #"a\\"#, #"\\"#, #"\" :"#, #"x\":1,\""#] {
                expectBuiltAndAgreeing(
                    "{\"\(key)\"\(space):\(space)1,\(space)\"k\(key)\"\(space):\(space){\"\(key)\"\(space):[]}}")
            }
        }
        for length in 0...70 {
            let plain = String(repeating: "k", count: length)
            // No escape, with a backslash just past the text (in the next token).
            expectBuiltAndAgreeing("{\"\(plain)\":\"\(plain)\",\"\\\\\":[\"\(plain)\",\"\\n\"]}")
            for position in 0..<max(length, 1) {
                var characters = Array(plain)
                characters.insert(contentsOf: #"\n"#, at: min(position, characters.count))
                let escaped = String(characters)
                let text = "{\"\(escaped)\":\"\(escaped)\"}"
                let json = expectBuiltAndAgreeing(text)
                let expected = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: String]
                #expect(json?[expected?.keys.first ?? ""]?.string == expected?.values.first, "read \(escaped) wrong")
            }
        }
    }

    @Test func depthLimitsAgree() {
        for depth in [1, 2, 511, 512, 513, 1023, 1024, 1025, 3000] {
            let bytes =
                Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
            Self.expectAgreement(bytes)
            Self.expectAgreement(bytes, options: .init(maximumDepth: .max))
            Self.expectAgreement(bytes, options: .init(maximumDepth: 0))
            let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            Self.expectAgreement(Array(objects.utf8), options: .init(maximumDepth: .max))
        }
    }

    /// The walk keeps no stack frame per level of nesting: a document as deep as it walks (999
    /// arrays, no depth limit) parses on a thread with a 256 KiB stack, built by the walk (not
    /// handed to yajl). A walk that recursed overflowed the stack of a sanitizer build at 500
    /// levels.
    @Test func deepestWalkedNestingFitsASmallStack() {
        let depth = 999
        let bytes = Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
        let outcome = SmallStackOutcome()
        let thread = Thread {
            // fm_test_simdjson_documents counts the calling thread's documents.
            let before = fm_test_simdjson_documents()
            let json = try? JSON(bytes: bytes, options: .init(maximumDepth: .max))
            outcome.parsed = json?.array?.count == 1
            outcome.builtByTheWalk = fm_test_simdjson_documents() == before + 1
            outcome.done.signal()
        }
        thread.stackSize = 256 << 10
        thread.start()
        outcome.done.wait()
        #expect(outcome.parsed)
        #expect(outcome.builtByTheWalk)
    }

    @Test func memoryLimitsAgree() {
        let text = Array(#"{"a":[1,2,3,"a string of some length"],"b":{"c":null}}"#.utf8)
        for limit in [0, 16, 64, 256, 1024, 100_000] {
            Self.expectAgreement(text, options: .init(memoryLimit: limit))
        }
    }

    @Test func jsonFiveAgrees() {
        for text in ["{a: 1, 'b': [0x10, +1, .5, Infinity,],}", "// c\n[1, /* d */ 2]", "{a: }", "[1,,]"] {
            Self.expectAgreement(Array(text.utf8), options: .init(allowsJSON5: true))
        }
    }

    /// simdjson is the default engine (of `FastJSONDecoder` too, in `FastMapTests`): a default
    /// parse is built by its walk.
    @Test func simdjsonIsTheDefault() throws {
        #expect(JSON.ReadingOptions().parser == .simdjson)
        let before = fm_test_simdjson_documents()
        _ = try JSON(bytes: Array(#"{"a":[1,"b"]}"#.utf8))
        #expect(fm_test_simdjson_documents() == before + 1)
    }

    /// What a thread keeps between parses is bounded: a document past 4 MiB gets buffers of its
    /// own, freed at once, while smaller ones reuse (and keep) the thread's.
    @Test func keptBuffersAreBounded() async throws {
        // A thread of its own, so other tests' parses do not change what it keeps.
        let kept = try await Task.detached { () throws -> (small: Int, afterLarge: Int) in
            let small = Array("[\"\(String(repeating: "a", count: 1 << 20))\"]".utf8)
            _ = try JSON(bytes: small)
            let keptAfterSmall = fm_test_simdjson_kept_bytes()
            let large = Array("[\"\(String(repeating: "b", count: 6 << 20))\"]".utf8)
            let json = try JSON(bytes: large)
            #expect(json[0]?.string?.utf8.count == 6 << 20)
            return (keptAfterSmall, fm_test_simdjson_kept_bytes())
        }.value
        #expect(kept.small >= 1 << 20)
        #expect(kept.afterLarge == kept.small)
        #expect(kept.afterLarge < 2 * (4 << 20) + 4096)
    }

    /// `true`, `false` and `null` are told apart by their length and one four-byte compare: each
    /// is read by the walk itself (not handed to yajl) wherever it stands, and every near miss is
    /// the same error as yajl's.
    @Test func atomsAreReadByTheWalkItself() throws {
        for atom in ["true", "false", "null"] {
            for text in ["[\(atom)]", "[ \(atom) ,\(atom)\n]", "{\"a\":\(atom),\"b\":[\(atom)]}", "[1,\(atom)\r\n\t]"] {
                let bytes = Array(text.utf8)
                Self.expectAgreement(bytes)
                let before = fm_test_simdjson_documents()
                let json = try JSON(bytes: bytes, options: .init(parser: .simdjson))
                #expect(fm_test_simdjson_documents() == before + 1, "\(text)")
                #expect(json == (try JSON(bytes: bytes, options: .init(parser: .yajl))), "\(text)")
            }
        }
        for miss in [
            "t", "tru", "truee", "trUe", "f", "fals", "falsee", "fAlse", "talse", "nalse", "n", "nul", "nulll", "nuLL",
            "tr ue",
        ] {
            Self.expectAgreement(Array("[\(miss)]".utf8))
            #expect((try? JSON(bytes: Array("[\(miss)]".utf8), options: .init(parser: .simdjson))) == nil, "\(miss)")
        }
    }

    /// Past the size whose index the thread keeps (4 MiB), the walk uses a parser of its own, up
    /// to the largest text simdjson indexes (4 GiB less a byte), and the trees are yajl's.
    @Test func largeDocumentsAgree() throws {
        for size in [3 << 20, 10 << 20, 20 << 20] {
            let long = String(repeating: "a", count: size)
            let bytes = Array("[\"\(long)\", 1, {\"k\": \"é\\n\"}]".utf8)
            let before = fm_test_simdjson_documents()
            let json = try JSON(bytes: bytes, options: .init(parser: .simdjson))
            #expect(fm_test_simdjson_documents() == before + 1, "\(size) bytes")
            #expect(json[0]?.string?.utf8.count == size)
            #expect(json[2]?["k"]?.string == "é\n")
            #expect(json == (try JSON(bytes: bytes, options: .init(parser: .yajl))))
        }
    }
}

/// What `deepestWalkedNestingFitsASmallStack`'s thread found, written before `done` is signalled
/// and read after it.
private final class SmallStackOutcome: @unchecked Sendable {
    var parsed = false
    var builtByTheWalk = false
    let done = DispatchSemaphore(value: 0)
}
