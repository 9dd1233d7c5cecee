import CFastMap
import FastMapTestSupport
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The simdjson engine reads a number's grammar from flags (`fm_json_number_shape_in`: its
/// non-digits flagged by one or two 16-byte loads, the grammar read off their places, an
/// integer's digits read a word at a time), only checking it inside a skipped value; the yajl
/// engine has yajl check the grammar and reads it a digit run at a time (`fm_json_number_shape`).
/// Skipped and built, on both engines, they must take and refuse the same texts and build the same
/// values, at every length and wherever the token sits: near the document's start (fewer than 16
/// bytes before its end), past it, and longer than 32 bytes.
@Suite struct SkippedNumberTests {
    static func keepA() -> JSONSparseShape {
        let shape = JSONSparseShape()
        shape.setMember("a", to: JSONSparseShape())
        return shape
    }

    /// `text` skipped near the document's start, far from it, and among other numbers.
    static func expectSameVerdict(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let far = String(repeating: "x", count: 40)
        let documents = [
            #"{"b":\#(text),"a":1}"#, #"{"a":1,"c":"\#(far)","b":[\#(text)]}"#, #"{"b":[0,\#(text),2],"a":1}"#,
        ]
        for document in documents {
            SparseParsingTests.expectAgreement(
                Array(document.utf8), shape: keepA(), trailingCommas: false, sourceLocation: sourceLocation)
            let options = { (parser: JSONParser) in JSON.ReadingOptions(parser: parser, allowsTrailingCommas: false) }
            let built = try? JSON(string: document, options: options(.simdjson))
            let reference = try? JSON(string: document, options: options(.yajl))
            #expect(built == reference, "\(document)", sourceLocation: sourceLocation)
        }
    }

    @Test func listedNumbersAndNonNumbersAgree() {
        let skipped = fm_test_simdjson_skipped_values()
        for text in EngineNumberDifferentialTests.numberTexts + EngineNumberDifferentialTests.nonNumbers {
            Self.expectSameVerdict(text)
        }
        // The walk skipped them (one value in each of three documents, for each text).
        let count = EngineNumberDifferentialTests.numberTexts.count + EngineNumberDifferentialTests.nonNumbers.count
        #expect(fm_test_simdjson_skipped_values() - skipped >= count * 3)
    }

    /// Numbers built from the grammar's parts, one in five with a byte replaced, from 1 to about
    /// 50 bytes long: about half of them are numbers.
    @Test func generatedNumbersAgree() {
        var random = SeededGenerator(seed: 48)
        func digits(_ count: UInt64) -> String {
            String((0..<Int(count)).map { _ in Character(String(random.next() % 10)) })
        }
        let replacements: [Character] = ["0", ".", "e", "E", "+", "-", "a", "/", ":", " "]
        var numbers = 0
        for _ in 0..<4000 {
            var text = random.next() % 2 == 0 ? "-" : ""
            text += random.next() % 4 == 0 ? "0" : ""
            text += digits(random.next() % 20)
            if random.next() % 2 == 0 { text += "." + digits(random.next() % 18) }
            if random.next() % 3 == 0 {
                text += ["e", "E", "e+", "e-", "E+"][Int(random.next() % 5)] + digits(random.next() % 5)
            }
            guard !text.isEmpty else { continue }
            if random.next() % 5 == 0 {
                var characters = Array(text)
                characters[Int(random.next() % UInt64(characters.count))] =
                    replacements[Int(random.next() % UInt64(replacements.count))]
                text = String(characters)
            }
            if (try? JSON(string: "[\(text)]")) != nil { numbers += 1 }
            Self.expectSameVerdict(text)
        }
        #expect(numbers > 1000 && numbers < 3000)
    }
}
