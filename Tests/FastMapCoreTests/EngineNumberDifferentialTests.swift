import CFastMap
import FastMapCore
import Foundation
import Testing

/// The simdjson engine checks a number's grammar and reads an integer's value in one pass
/// (`fm_json_number_shape`, eight bytes at a time); the yajl engine has yajl check the grammar. Both must build the same node (integer, unsigned, real
/// bit for bit, kept text) and reject the same texts, at every tier of the double reader:
/// the exact fast path, Eisel-Lemire, and strtod.
@Suite struct EngineNumberDifferentialTests {
    static let numberTexts: [String] = [
        "0", "-0", "1", "-1", "0.0", "-0.0", "0e0", "0E+0", "0e-0", "1e0", "1E2", "1e+2", "1e-2", "-1.5e-7",
        "9007199254740992", "9007199254740993", "9007199254740993.0", "18446744073709551615",
        "18446744073709551616", "-9223372036854775808", "-9223372036854775809", "9223372036854775807",
        "12345678901234567890", "1234567890123456789", "0.1234567890123456789", "0.12345678901234567890123",
        "0.000000000000000000000000000001", "1e22", "1e23", "1e-22", "1e-23", "4.9e-324", "5e-324",
        "2.4703282292062327e-324", "2.2250738585072011e-308", "2.2250738585072014e-308",
        "1.7976931348623157e308", "1.7976931348623159e308", "1e309", "-1e309", "1e-400", "1e400",
        "1e999999999999", "1e-999999999999", "0.1e-999999999", "7.2057594037927933e16",
        "-65.613616999999977", "44.66098910000001", "3.0000000000000004", "123456789e-5", "100000000000000000000e-20",
        // Digit runs ending at every place of an eight-byte word, before and after the point.
        "1234567", "12345678", "123456789", "-1234567", "-12345678", "1234567.5", "12345678.5", "1.2345678",
        "1.23456789", "-1.234567890123456", "123456789012345678.25", "1.5e1234567", "-1234567.1e-10",
        "1e12345678", "0.000000012345678", "99999999999999999999", "-99999999999999999999",
    ]

    /// Texts one byte away from a number: each is rejected by both engines, with the same error.
    static let nonNumbers: [String] = [
        "-", "+1", "01", "-01", "00", "1.", ".5", "1.e5", "1e", "1e+", "1e-", "1E", "--1", "1-", "1..2", "1e5.5",
        "0x10", "1e+-5", "-.5", "1_000", "١",
        // The same mistakes in tokens of eight bytes and more (read a word at a time).
        "123456789.", "-12345678.e5", "1.2345678901234567e", "1.2345678901234567e+", "-0123456789",
        "12345678a", "1.234567890123456789a", "1234567890123456789012x", "1.5e12345678.5", "00000000",
    ]

    @Test func numbersAgree() {
        let builtBefore = fm_test_simdjson_documents()
        var documents = 0
        for text in Self.numberTexts {
            for document in ["[\(text)]", "{\"n\":\(text)}", "[\(text),\(text)]", "[[\(text)],{\"a\":[\(text)]}]"] {
                EngineDifferentialTests.expectAgreement(Array(document.utf8))
                documents += 1
            }
        }
        // The simdjson walk read every one of them itself (for `.simdjson` and for `.jansson`,
        // which reads with it): none was handed to yajl.
        let walkingParsers = JSONParser.allCases.filter { $0 != .yajl }.count
        #expect(fm_test_simdjson_documents() - builtBefore == documents * walkingParsers)
    }

    @Test func nonNumbersAgree() {
        for text in Self.nonNumbers {
            for document in ["[\(text)]", "{\"n\":\(text)}", "[1,\(text)]"] {
                EngineDifferentialTests.expectAgreement(Array(document.utf8))
            }
        }
    }

    /// Random doubles printed with every digit count from 1 to 20 and exponents of both signs.
    @Test func randomDoublesAgree() {
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = []
        for _ in 0..<400 {
            let value = Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator))
            let digits = Int.random(in: 1...20, using: &generator)
            texts.append(String(format: "%.\(digits)e", value))
            texts.append(String(format: "%.\(digits)g", -value))
            texts.append(String(format: "%.\(digits)f", Double.random(in: -1e6...1e6, using: &generator)))
        }
        EngineDifferentialTests.expectAgreement(Array("[\(texts.joined(separator: ","))]".utf8))
    }
}
