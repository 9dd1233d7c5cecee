import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The parser tells a document whose reals all have their exact value in their double
/// (`JSONDocument.realsAreExact`), so that decoding a zero never walks the input for its text.
/// The C test (`fm_json_number.exact_text`) must be exactly the negation of the Swift one that
/// decides which texts ``NumberTextIndex`` keeps: a text it keeps that the flag calls exact would
/// let `1e-400` decode as zero; the other way round costs the walk the flag is there to save.
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

    @Test(arguments: [JSONParser.yajl, .simdjson])
    func theParserAndTheNumberTextIndexAgree(parser: JSONParser) throws {
        for text in Self.edgeTexts + Self.randomTexts(count: 3000) {
            let json = try JSON(bytes: Array("[\(text)]".utf8), options: .init(parser: parser))
            let node = try #require(json.document.root.element(at: 0))
            let value = node.realValue
            let keptByTheIndex = Array(text.utf8).withUnsafeBufferPointer {
                // A text beyond Double's range is a number-text node (NaN), which keeps its text.
                value.isNaN || NumberTextIndex.isExceptional($0, value: value)
            }
            #expect(json.document.realsAreExact == !keptByTheIndex, "\(parser): \(text) (value \(value))")
            // A zero the index would keep may be an underflow: only then are the zeros not plain.
            #expect(
                json.document.zerosArePlain == !(value == 0 && keptByTheIndex), "\(parser): \(text) (value \(value))")
        }
    }

    @Test func oneZeroThatIsNotPlainClearsTheZeroFlag() throws {
        let plain = Array(repeating: "0.0", count: 500).joined(separator: ",")
        for parser in [JSONParser.yajl, .simdjson] {
            // Long reals leave the zeros plain.
            let long = try JSON(
                bytes: Array("[\(plain),-0.0,0.30000000000000001,1e-60]".utf8), options: .init(parser: parser))
            #expect(!long.document.realsAreExact, "\(parser)")
            #expect(long.document.zerosArePlain, "\(parser)")
            for zero in ["1e-400", "0e-200", "0.0000000000000000"] {
                let document = try JSON(bytes: Array("[\(plain),{\"z\":\(zero)}]".utf8), options: .init(parser: parser))
                #expect(!document.document.zerosArePlain, "\(parser): \(zero)")
            }
        }
        // jansson's own parser cannot say.
        let jansson = try JSON(bytes: Array("[0.0]".utf8), options: .init(parser: .jansson))
        #expect(!jansson.document.zerosArePlain)
    }

    @Test func oneInexactRealAmongManyClearsTheFlag() throws {
        let plain = Array(repeating: "0.0", count: 500).joined(separator: ",")
        for parser in [JSONParser.yajl, .simdjson] {
            let exact = try JSON(bytes: Array("{\"a\":[\(plain)],\"b\":1.5}".utf8), options: .init(parser: parser))
            #expect(exact.document.realsAreExact, "\(parser)")
            let inexact = try JSON(bytes: Array("[\(plain),{\"z\":1e-400}]".utf8), options: .init(parser: parser))
            #expect(!inexact.document.realsAreExact, "\(parser)")
            let huge = try JSON(
                bytes: Array("[\(plain),123456789012345678901234567890]".utf8), options: .init(parser: parser))
            #expect(!huge.document.realsAreExact, "\(parser)")
        }
        // jansson's own parser cannot say: the flag stays off and the input is walked when asked.
        let jansson = try JSON(bytes: Array("[0.0]".utf8), options: .init(parser: .jansson))
        #expect(!jansson.document.realsAreExact)
    }
}
