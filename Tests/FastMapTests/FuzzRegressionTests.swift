import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Inputs found by `make fuzz`, each kept as a regression test (see Fuzz/RESULTS.md).
@Suite("Fuzz findings")
struct FuzzRegressionTests {
    /// FuzzDecode `1"` (and FuzzStream `0"` as an NDJSON line): yajl let a string left open
    /// after a complete top-level value pass its end-of-input check, so the document parsed as
    /// the value before it. Only white space may follow the root.
    static let openStringTails: [(text: String, offset: Int)] = [
        (#"1""#, 1), (#"[1] "x"#, 4), (#"{} ""#, 3), (#""a" ""#, 4), (#"1 "abc\"def"#, 2), ("true\"", 4),
        ("null \n\t\"\\u12", 7),
    ]

    @Test(arguments: JSONParser.allCases)
    func openStringAfterTheRootIsAnError(parser: JSONParser) throws {
        for (text, offset) in Self.openStringTails {
            let error = try #require(throws: FastMapError.self, "\(text)") {
                try JSON(string: text, options: .init(parser: parser))
            }
            #expect(error.kind == .syntax, "\(text)")
            #expect(error.location?.offset == offset, "\(text): \(error)")
            #expect(throws: (any Error).self) {
                try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            }
        }
        // The same values with white space after them still parse.
        for text in ["1 ", "[1] \n", "{}\t", #""a"  "#] {
            #expect(throws: Never.self) { try JSON(string: text, options: .init(parser: parser)) }
        }
    }

    @Test func openStringAfterTheRootFailsInEveryAPI() async throws {
        for (text, _) in Self.openStringTails {
            #expect(throws: DecodingError.self, "\(text)") {
                try FastJSONDecoder().decode(AnyValue.self, from: Data(text.utf8))
            }
            let lines = await Hostile.streamed(AnyValue.self, Array("[2]\n\(text)".utf8), lines: true, chunkSize: 2)
            #expect(lines.error != nil && lines.elements.first == .array([.int(2)]), "\(text) as a line")
            let array = await Hostile.streamed(AnyValue.self, Array("[\(text)]".utf8), chunkSize: 2)
            #expect(array.error != nil, "\(text) in an array")
        }
    }

    /// FuzzDecode `[0.000…0]` with 400 zeros as `[Decimal]`: the double is 0, but the text is
    /// beyond `Decimal`'s exponent range, so `JSONDecoder` throws where FastMap read the double
    /// and returned 0. Zeros with an exponent or many digits now keep their text.
    @Test func zerosBeyondDecimalRangeFailAsInFoundation() throws {
        let zeros = { (count: Int) in "0." + String(repeating: "0", count: count) }
        for text in [zeros(20), zeros(128), zeros(129), zeros(400), "0e-200", "-0.0e-130", "0e5", "0.0", "-0", "0"] {
            let data = Data("[\(text)]".utf8)
            let foundation = try? JSONDecoder().decode([Decimal].self, from: data)
            let fast = try? FastJSONDecoder().decode([Decimal].self, from: data)
            #expect(fast == foundation, "\(text)")
            // Their doubles stay as they were: Foundation's verdict, zero or an underflow error.
            let doubles = try? FastJSONDecoder().decode([Double].self, from: data)
            #expect(doubles == (try? JSONDecoder().decode([Double].self, from: data)), "\(text)")
        }
    }

    /// FuzzEncode `[3.67,-327666666606666666.4029846]` as a dynamic value: the double was
    /// written `-327666666606666700`, as `JSONEncoder` writes it there; read back as an
    /// integer that text is not the double's exact value but converts to the same double. The
    /// fuzz target's comparison was too strict (now `isEquivalent(to:)`); FastMap was right.
    @Test func largeIntegralDoublesRoundTripThroughTheirShortestText() throws {
        let values = [3.67, -327666666606666666.4029846, 1e300, -0x1p60, 9_007_199_254_740_992]
        let written = try FastJSONEncoder().encode(values)
        #expect(written == (try JSONEncoder().encode(values)))
        #expect(try FastJSONDecoder().decode([Double].self, from: written) == values)
        let text = Data("[-327666666606666700]".utf8)
        #expect(try FastJSONDecoder().decode([Double].self, from: text) == [values[1]])
        let asIntegers = try FastJSONDecoder().decode([Int64].self, from: text)
        #expect(asIntegers == (try JSONDecoder().decode([Int64].self, from: text)))
        #expect(Double(asIntegers[0]) == values[1])
    }

    /// FuzzCompose `\u{2}0\0-92233720184273879.4`: a real beyond 2^53 with a fraction, read as an
    /// integer. From its text FastMap reads the digits, as `JSONDecoder` does:
    /// -92233720184273879. A parsed ``JSON`` value writes that real as its double,
    /// `-9.223372018427387e+16`, which reads as -92233720184273870, but decoding the value itself
    /// read the digits the document keeps, so a value and its own text decoded differently. A
    /// value now decodes as its text would: its reals as their doubles, as documented.
    @Test(arguments: JSONParser.allCases)
    func aValueDecodesAsTheTextItWrites(parser: JSONParser) throws {
        func same<T: Decodable & Equatable>(_ type: T.Type, _ text: String) throws {
            let value = try JSON(string: text, options: .init(parser: parser))
            let written = try value.data()
            let decoder = FastJSONDecoder()
            // Both decode to the same value, or both throw.
            let fromValue = try? decoder.decode(type, from: value)
            let fromWritten = try? decoder.decode(type, from: written)
            #expect(fromValue == fromWritten, "\(text) written \(String(decoding: written, as: UTF8.self))")
            // The text itself still reads as JSONDecoder reads it.
            let fromText = try? decoder.decode(type, from: Data(text.utf8))
            #expect(fromText == (try? JSONDecoder().decode(type, from: Data(text.utf8))), "\(text)")
        }
        try same([Int64].self, "[-92233720184273879.4, 12345678901234567.8, 9007199254740993.5]")
        try same([UInt64].self, "[92233720184273879.4]")
        try same([Decimal].self, "[0.30000000000000001, -92233720184273879.4, 1e-400]")
        try same([Double].self, "[1e-400, 0.30000000000000001]")
        let value = try JSON(string: "[-92233720184273879.4]", options: .init(parser: parser))
        #expect(try FastJSONDecoder().decode([Int64].self, from: value) == [-92233720184273870])
        let text = Data("[-92233720184273879.4]".utf8)
        #expect(try FastJSONDecoder().decode([Int64].self, from: text) == [-92233720184273879])
    }
}
