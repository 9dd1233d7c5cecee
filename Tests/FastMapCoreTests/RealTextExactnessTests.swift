import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// A document keeps every parsed real exactly (its digits, `FM_CELL_DECIMAL`, or its text,
/// `FM_CELL_NUMBER`), so `Decimal`, large integers written with a fraction and underflow checks
/// read its exact text, and its double is the one Swift's own parser gives.
@Suite struct RealTextExactnessTests {
    static let edgeTexts = [
        "0.0", "-0.0", "0.00", "0e5", "0E-5", "-0.0e0", "0.0000000000000", "0.00000000000000", "0.000000000000000",
        "1e-400", "-1e-400", "1.5", "-2.25", "12345678901234.5", "123456789012345.6", "100000000000000.0",
        "10000000000000.0", "1.000000000000000", "1.00000000000000", "0.000609427690506", "-65.613616999999977",
        "1e90", "1e91", "9.99e89", "-1e91", "1e-90", "1e-91", "2e-90", "1.7976931348623157e308", "1e400", "-1e400",
        "4.9e-324", "0.1", "3.14159265358979323846", "0.30000000000000001", "123456789012345678901234.5",
        "0.0000000000000000000000000000001", "1.0e-5", "5e-1",
    ]

    /// Random reals: up to 24 digits around the point, leading zeros, exponents of either sign.
    static func randomTexts(count: Int) -> [String] {
        var generator = SeededGenerator(seed: 0x5EED)
        return (0..<count).map { _ in
            var text = generator.next() % 4 == 0 ? "-" : ""
            let integerDigits = Int(generator.next() % 8)
            text += integerDigits == 0 ? "0" : String(1 + generator.next() % 9)
            for _ in 0..<max(0, integerDigits - 1) { text += String(generator.next() % 10) }
            text += "."
            let leadingZeros = Int(generator.next() % 6)
            text += String(repeating: "0", count: leadingZeros)
            for _ in 0..<(1 + Int(generator.next() % 18)) { text += String(generator.next() % 10) }
            if generator.next() % 3 == 0 {
                text += "e" + (generator.next() % 2 == 0 ? "-" : "") + String(generator.next() % 120)
            }
            return text
        }
    }

    /// Every parsed real keeps its text exactly as written, and reads as the double Swift's own
    /// parser gives that text (NaN for a magnitude beyond `Double`'s range, whose text is then
    /// the only reading: ``JSONNode/keptNumberText``).
    @Test(arguments: [JSONParser.yajl, .simdjson])
    func realsKeepTheirTextAndReadAsSwiftsDouble(parser: JSONParser) throws {
        for text in Self.edgeTexts + Self.randomTexts(count: 3000) {
            let json = try JSON(bytes: Array("[\(text)]".utf8), options: .init(parser: parser))
            let node = try #require(json.document.root.element(at: 0))
            #expect(node.numberText == text, "\(parser): \(text)")
            let expected = try #require(Double(text))
            if expected.isInfinite {
                #expect(node.realValue.isNaN && node.keptNumberText == text, "\(parser): \(text)")
            } else {
                #expect(node.realValue.bitPattern == expected.bitPattern, "\(parser): \(text)")
                #expect(node.keptNumberText == nil, "\(parser): \(text)")
            }
        }
    }

    /// A real with a fraction, no exponent and at most 19 digits is held as its digits and the
    /// place of its point (`FM_CELL_DECIMAL`, kind 10: no text kept), every other one as its text
    /// (kind 9), whichever engine reads it and wherever it stands in the document (a short
    /// document's tokens are read by the reader that cannot look before them).
    @Test(arguments: [JSONParser.yajl, .simdjson])
    func shortRealsAreHeldAsTheirDigits(parser: JSONParser) throws {
        let texts =
            Self.edgeTexts + Self.randomTexts(count: 3000) + [
                "-9999999999.999999999", "0.0000000000000000001", "1234567.12345678", "-12345678.12345678",
                "0.123456789012345678", "123456789012345678.9", "-9.9", "10.01",
            ]
        for text in texts {
            let digits = text.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            let decimal = !text.contains { $0 == "e" || $0 == "E" } && digits <= 19
            let padding = String(repeating: " ", count: 40)
            for document in ["[\(text)]", "[\(padding)\(text), \(text)]", "{\"k\": [true, \(text)]}"] {
                let json = try JSON(bytes: Array(document.utf8), options: .init(parser: parser))
                var nodes: [JSONNode] = []
                func collect(_ node: JSONNode) {
                    if node.isArray {
                        node.forEachElement(collect)
                    } else if node.isObject {
                        node.forEachMemberValue(collect)
                    } else if node.isReal {
                        nodes.append(node)
                    }
                }
                collect(json.document.root)
                #expect(!nodes.isEmpty)
                for node in nodes {
                    #expect(node.typeTag == (decimal ? 10 : 9), "\(parser): \(text) in \(document)")
                    #expect(node.numberText == text, "\(parser): \(text) in \(document)")
                    if decimal {
                        #expect(node.realValue == Double(text), "\(parser): \(text) in \(document)")
                    }
                }
            }
        }
    }

    /// Integers within 64 bits are values, not texts; beyond them, and `-0`, texts.
    @Test(arguments: [JSONParser.yajl, .simdjson])
    func integersAreValuesWithin64Bits(parser: JSONParser) throws {
        let json = try JSON(
            string:
                "[0, -1, 9223372036854775807, -9223372036854775808, 18446744073709551615, -0, 18446744073709551616]",
            options: .init(parser: parser))
        let nodes = json.document.root.elements
        #expect(nodes.prefix(5).allSatisfy { $0.isInteger && $0.numberText == nil })
        #expect(nodes[4].isUnsignedInteger && UInt64(bitPattern: nodes[4].integerBits) == .max)
        #expect(nodes[5].isReal && nodes[5].realValue.sign == .minus && nodes[5].keptNumberText == nil)
        #expect(nodes[6].isReal && nodes[6].keptNumberText == "18446744073709551616")
    }
}
