import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Extreme and non-conforming numbers into every numeric Swift type: `FastJSONDecoder` gives
/// `JSONDecoder`'s value, bit for bit (the sign of zero included), or both throw. The one
/// documented difference: an integer literal beyond `Int64.min...UInt64.max` is a
/// `numberOutOfRange` error, where Foundation rounds it into a `Double`/`Float`/`Decimal`.
@Suite("Hostile input: numbers")
struct HostileNumberTests {
    static let texts: [String] = [
        "1e400", "-1e400", "1e-400", "-1e-400", "-0", "-0.0", "0.0", "0e10", "-0e-10",
        String(repeating: "9", count: 400), "-" + String(repeating: "1", count: 400),
        String(repeating: "1", count: 300), "0." + String(repeating: "0", count: 400) + "1",
        "NaN", "Infinity", "-Infinity", "nan", "inf", #""NaN""#, #""Infinity""#, #""-Infinity""#, #""1""#,
        "1.5", "1.0", "1e2", "1E+2", "127", "128", "-128", "-129", "255", "256", "-1", "32768", "65536",
        "2147483648", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "3.4028235e38", "3.4028236e38", "1e39", "1e-46",
        "1.401298464324817e-45", "0.1", "1.0000000000000001", "9007199254740993", "5e-324", "2.4e-324",
        "1.7976931348623157e308", "1.7976931348623159e308", "123456789012345678901234567890",
        "12345678901234567890.123456789012345678901", "1" + String(repeating: "0", count: 38),
    ]

    /// What a decode produced, in a form that tells apart everything a caller could observe.
    static func observed<T: Decodable>(_ type: T.Type, _ decode: () throws -> T) -> String {
        do {
            let value = try decode()
            switch value {
            case let double as Double: return "Double bits \(double.bitPattern)"
            case let float as Float: return "Float bits \(float.bitPattern)"
            default: return "\(value)"
            }
        } catch {
            return Hostile.fastMapError(error)?.kind == .numberOutOfRange ? "out of range" : "error"
        }
    }

    static func compare<T: Decodable>(
        _ type: T.Type, configure: (FastJSONDecoder, JSONDecoder) -> Void = { _, _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fast = FastJSONDecoder()
        let foundation = JSONDecoder()
        configure(fast, foundation)
        for text in texts {
            for (shape, document) in [("top level", text), ("keyed", #"{"v":\#(text)}"#), ("array", "[\(text)]")] {
                let data = Data(document.utf8)
                let mine: String
                let theirs: String
                switch shape {
                case "keyed":
                    mine = observed(T.self) { try fast.decode(Keyed<T>.self, from: data).v }
                    theirs = observed(T.self) { try foundation.decode(Keyed<T>.self, from: data).v }
                case "array":
                    mine = observed(T.self) { try fast.decode([T].self, from: data)[0] }
                    theirs = observed(T.self) { try foundation.decode([T].self, from: data)[0] }
                default:
                    mine = observed(T.self) { try fast.decode(T.self, from: data) }
                    theirs = observed(T.self) { try foundation.decode(T.self, from: data) }
                }
                if mine == "out of range", theirs == "error" || isIntegerBeyondSixtyFourBits(text) { continue }
                #expect(mine == theirs, "\(T.self) from \(shape) \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether `text` is an integer literal (no fraction, no exponent) outside 64 bits.
    static func isIntegerBeyondSixtyFourBits(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return false }
        return Int64(text) == nil && UInt64(text) == nil
    }

    struct Keyed<T: Decodable>: Decodable { let v: T }

    @Test func signedIntegers() {
        Self.compare(Int8.self)
        Self.compare(Int16.self)
        Self.compare(Int32.self)
        Self.compare(Int64.self)
        Self.compare(Int.self)
    }

    @Test func unsignedIntegers() {
        Self.compare(UInt8.self)
        Self.compare(UInt16.self)
        Self.compare(UInt32.self)
        Self.compare(UInt64.self)
        Self.compare(UInt.self)
    }

    @Test func floatingPoint() {
        Self.compare(Float.self)
        Self.compare(Double.self)
        Self.compare(Decimal.self)
    }

    @Test func nonConformingFloatStrings() {
        let strategy = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let configure = { (fast: FastJSONDecoder, foundation: JSONDecoder) in
            fast.nonConformingFloatDecodingStrategy = strategy
            foundation.nonConformingFloatDecodingStrategy = strategy
        }
        Self.compare(Float.self, configure: configure)
        Self.compare(Double.self, configure: configure)
        Self.compare(Int.self, configure: configure)
    }

    /// The same numbers as values: out-of-range text is kept as written (a document never
    /// fails for a number's size), and what parses keeps its sign and exactness.
    @Test(arguments: JSONParser.allCases)
    func parsedValues(parser: JSONParser) throws {
        let options = JSON.ReadingOptions(parser: parser)
        let integers = [
            String(repeating: "9", count: 400), "-" + String(repeating: "1", count: 400),
            String(repeating: "1", count: 300),
        ]
        for text in ["1e400", "-1e400"] + integers {
            let json = try JSON(string: text, options: options)
            #expect(json.numberText == text)
            #expect(json.int64 == nil && json.uint64 == nil, "\(text)")
            #expect(String(decoding: try json.data(), as: UTF8.self) == text)
        }
        for text in ["NaN", "Infinity", "-Infinity"] {
            let error = try #require(throws: FastMapError.self) { try JSON(string: text, options: options) }
            #expect(error.kind == .syntax, "\(text)")
        }
        #expect(try JSON(string: "-0", options: options).double?.sign == .minus)
        #expect(try JSON(string: "-0", options: options).int == 0)
        #expect(try JSON(string: "1e-400", options: options).double == 0)
        #expect(try JSON(string: "18446744073709551615", options: options).uint64 == .max)
        #expect(try JSON(string: "18446744073709551615", options: options).int64 == nil)
        #expect(try JSON(string: "-9223372036854775808", options: options).int64 == .min)
        let huge = try JSON(string: String(repeating: "1", count: 300) + ".0", options: options)
        #expect(huge.int64 == nil && huge.uint64 == nil)
        #expect(huge.double == Double(String(repeating: "1", count: 300)))
    }
}
