import CFastMap
import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// When yajl reads a text first and the text is mostly white space, it reads the text compacted
/// (`CFastMap/compact.c`): the same tokens without the white space between them. So it builds the
/// same documents, and a text it rejects is read again as given, so it reports the same errors.
/// The reference for both is yajl under a memory limit, which reads the caller's bytes as they are.
@Suite struct EngineCompactTextTests {
    static func compact(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            fm_test_compact_text(buffer.baseAddress, buffer.count, buffer.baseAddress)
        }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// Commas stay, trailing ones too: yajl leaves those out of the compact text as out of any.
    @Test func whiteSpaceGoesWhereTokensCannotMerge() {
        let cases: [(text: String, compact: String)] = [
            ("[1, 2 ,\n  {\"a b\": true},\n]", #"[1,2,{"a b":true},]"#), ("[1 2]", "[1 2]"), ("[tr  ue]", "[tr ue]"),
            ("[ - 1 ]", "[- 1]"), (#"[ "a\" ,  b" , "c\\" ]"#, #"["a\" ,  b","c\\"]"#), ("[1,]", "[1,]"),
            ("{\"a\":1 ,\n}", #"{"a":1,}"#), ("[[1,],\t]", "[[1,],]"), ("[ , ]", "[,]"), ("[1, ,]", "[1,,]"),
            (#"{"a": ,}"#, #"{"a":,}"#), ("{ , }", "{,}"), ("[1] ,", "[1],"), ("[\"abc  ", "[\"abc  "),
            ("[\"a\\", "[\"a\\"), ("  \n", ""), ("[ \u{1} ]", "[\u{1}]"), ("[1,\u{c}]", "[1,\u{c}]"),
            ("[1 \u{b} 2]", "[1 \u{b} 2]"), (#"["\\\"]" , "]"#, #"["\\\"]","]"#),
            (
                #"[""  ,  "x y z a b c d e f g h i j k l m n o p q r s t u v w \" x",  1 ]"#,
                #"["","x y z a b c d e f g h i j k l m n o p q r s t u v w \" x",1]"#
            ),
        ]
        for (text, compact) in cases {
            #expect(Self.compact(text) == compact, "\(text.debugDescription)")
        }
    }

    static func parse(_ text: String, limited: Bool, trailingCommas: Bool = true) -> Result<JSON, FastMapError> {
        var options = JSON.ReadingOptions(parser: .yajl, allowsTrailingCommas: trailingCommas)
        if limited { options.memoryLimit = 1 << 30 }
        return Result { () throws(FastMapError) -> JSON in try JSON(bytes: Array(text.utf8), options: options) }
    }

    /// The text after each value that a closing bracket follows gets a trailing comma: only
    /// pretty-printing puts a raw line break in `JSONSerialization`'s output.
    static func withTrailingCommas(_ pretty: String) -> String {
        pretty.replacingOccurrences(of: #"([^\[\{\s])(\n\s*[\]\}])"#, with: "$1,$2", options: .regularExpression)
    }

    /// Reads `text` unlimited (compacted when it is mostly white space) and limited (as given),
    /// and expects the same outcome; returns whether the unlimited read compacted it.
    @discardableResult
    static func expectSameOutcome(
        _ text: String, trailingCommas: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let (compacted, parses) = (fm_test_compacted_texts(), fm_test_parses())
        let read = parse(text, limited: false, trailingCommas: trailingCommas)
        let didCompact = fm_test_compacted_texts() - compacted == 1
        let reads = fm_test_parses() - parses
        let reference = parse(text, limited: true, trailingCommas: trailingCommas)
        let shown = String(text.prefix(120)).debugDescription
        switch (read, reference) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "values differ for \(shown)", sourceLocation: sourceLocation)
            #expect(reads == 1, "\(shown)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(
                a.kind == b.kind && a.message == b.message && a.location == b.location,
                "errors differ for \(shown): \(a) vs \(b)", sourceLocation: sourceLocation)
            // The compact text, then the text as given for the error.
            #expect(reads == (didCompact ? 2 : 1), "\(shown)", sourceLocation: sourceLocation)
        default:
            Issue.record("outcomes differ for \(shown): \(read) vs \(reference)", sourceLocation: sourceLocation)
        }
        return didCompact
    }

    @Test func prettyTextsReadCompactedBuildTheSameValuesAndErrors() throws {
        var random = RandomJSONGenerator(seed: 49, maximumDepth: 5)
        var compacted = 0
        for round in 0..<200 {
            let value = random.container()
            let pretty = String(
                decoding: try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted]), as: UTF8.self)
            let text = round.isMultiple(of: 2) ? pretty : Self.withTrailingCommas(pretty)
            if Self.expectSameOutcome(text) { compacted += 1 }
            Self.expectSameOutcome(text, trailingCommas: false)
            // Damaged: one byte overwritten, and the text cut short.
            let bytes = Array(text.utf8)
            for _ in 0..<6 where !bytes.isEmpty {
                var damaged = bytes
                let index = Int.random(in: 0..<bytes.count, using: &random.generator)
                damaged[index] = EngineDifferentialTests.damage.randomElement(using: &random.generator)!
                Self.expectSameOutcome(String(decoding: damaged, as: UTF8.self))
            }
            let cut = Int.random(in: 0..<max(1, bytes.count), using: &random.generator)
            Self.expectSameOutcome(String(decoding: bytes.prefix(cut), as: UTF8.self))
        }
        // Pretty-printed texts of some depth are white space enough to be compacted (98 of these
        // 200; small ones, such as `[\n  1\n]`, are not).
        #expect(compacted > 50)
    }

    /// A text of little white space is read as given: compacting it costs more than yajl saves.
    @Test func denseTextsAreReadAsGiven() {
        let before = fm_test_compacted_texts()
        #expect(Self.expectSameOutcome(#"[1, 2, 3, {"a": [true, false, null]}, "x y"]"#) == false)
        #expect(Self.expectSameOutcome("[1,2,3]") == false)
        #expect(fm_test_compacted_texts() == before)
    }
}
