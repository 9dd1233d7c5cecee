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

    /// FuzzCompose `\u{2}0\0-92233720184273879.4`: a parsed value holding a real beyond 2^53
    /// with a fraction, read as an integer. The value keeps the real's digits and decodes from
    /// them, as `JSONDecoder` reads the text: -92233720184273879. The value writes the real as its
    /// double, `-9.223372018427387e+16`, which decodes to -92233720184273870: another integer
    /// naming the same double. The target compared the two exactly; it now allows that (as
    /// `AnyValue.isEquivalent(to:)` does for FuzzEncode). FastMap was right.
    @Test(arguments: JSONParser.allCases)
    func aValueDecodesWithTheDigitsItWasParsedFrom(parser: JSONParser) throws {
        let text =
            "[-92233720184273879.4, 12345678901234567.8, -10000000000000001.400000000000000000000000000000000000001353993213]"
        let value = try JSON(string: text, options: .init(parser: parser))
        let expected = try JSONDecoder().decode([Int64].self, from: Data(text.utf8))
        #expect(expected == [-92233720184273879, 12345678901234567, -10000000000000001])
        #expect(try FastJSONDecoder().decode([Int64].self, from: value) == expected)
        #expect(try FastJSONDecoder().decode([Int64].self, from: Data(text.utf8)) == expected)
        let written = try value.data()
        #expect(
            String(decoding: written, as: UTF8.self)
                == "[-9.223372018427387e+16,1.2345678901234568e+16,-1.0000000000000002e+16]")
        let fromWritten = try FastJSONDecoder().decode([Int64].self, from: written)
        #expect(fromWritten == (try JSONDecoder().decode([Int64].self, from: written)))
        // The written text names each real's double; the digits' integer names that double, or
        // (the last: -10000000000000001 is halfway between two doubles and rounds to the even
        // one, the real is past the midpoint) the one next to it: a FuzzCompose finding
        // (`AnyValue.isEquivalent(to:)`, Fuzz/RESULTS.md).
        #expect(fromWritten == [-92233720184273870, 12345678901234568, -10000000000000002])
        #expect(zip(fromWritten.prefix(2), expected.prefix(2)).allSatisfy { Double($0) == Double($1) })
        #expect(Double(expected[2]) == -1e16 && Double(expected[2]).nextDown == Double(fromWritten[2]))
    }
}
