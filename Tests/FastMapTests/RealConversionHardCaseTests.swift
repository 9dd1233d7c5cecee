import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Text to `Double` where an almost right conversion shows: exactly halfway between two doubles
/// (ties to even), a hair above and below halfway, 17 to 770 significant digits, subnormals, the
/// edges of the normal range. Every engine must read each text as Swift's `Double(String)` does.
@Suite struct RealConversionHardCaseTests {
    static let knownTexts = [
        "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.225073858507201e-308",
        "1e23", "-1e23", "1e22", "8.589973e9", "9007199254740993.0", "9007199254740993e0", "9007199254740995.0",
        "9007199254740993.000000000000000000000000000001", "4503599627370496.5", "4503599627370497.5",
        "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-324", "3e-324",
        "1.7976931348623157e308", "1.7976931348623158e308", "-1.7976931348623157e308", "1e-320", "0.1e-320",
        "123456789012345678901234567890e-50", "0.000000000000000000000000000000000000000000001e345",
        "12345678901234567890123456789012345678901234567890e250", "7.2057594037927933e16", "3.0000000000000004",
        "0.30000000000000004", "8.98846567431158e307", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203125000000000000000000000001",
        "1.00000000000000011102230246251565404236316680908203124999999999999999999999999",
        "6.631236846766476e-316", "3.2378839133029012e+16", "5.9604644775390625e-8", "1.1754943508222875e-38",
    ]

    /// The exact decimal digits of `value` × `factor`^`count` (`value` below 2^60), computed in
    /// limbs of nine digits.
    static func exactDigits(_ value: UInt64, times factor: UInt64, toThe count: Int) -> String {
        let base: UInt64 = 1_000_000_000
        var limbs = [value % base, value / base % base, value / base / base]
        var remaining = count
        while remaining > 0 {
            // Each limb times the step stays below 2^64: 5^13 and 2^29 are both below 10^9 + 2^30.
            let step = min(remaining, factor == 5 ? 13 : 29)
            let multiplier = (0..<step).reduce(UInt64(1)) { product, _ in product * factor }
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] * multiplier + carry
                limbs[index] = product % base
                carry = product / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
            remaining -= step
        }
        while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    /// The texts exactly halfway between `low` (finite, not negative) and the next double up, a
    /// hair above and a hair below it, each with the double it must read as.
    static func halfwayTexts(above low: Double) -> [(String, Double)] {
        let high = low.nextUp
        guard high.isFinite else { return [] }
        let isSubnormal = low.exponentBitPattern == 0
        let significand = low.significandBitPattern | (isSubnormal ? 0 : 1 << 52)
        let power = (isSubnormal ? 1 : Int(low.exponentBitPattern)) - 1075
        // low + ulp/2 = (2 * significand + 1) * 2^(power - 1)
        let odd = 2 * significand + 1
        let digits: String
        let exponent: Int
        if power - 1 < 0 {
            digits = exactDigits(odd, times: 5, toThe: 1 - power)
            exponent = power - 1
        } else {
            digits = exactDigits(odd, times: 2, toThe: power - 1)
            exponent = 0
        }
        // One less than the digits (never 0: they are at least 3), followed by nines.
        var lower = Array(digits.utf8)
        var index = lower.count - 1
        while lower[index] == UInt8(ascii: "0") {
            lower[index] = UInt8(ascii: "9")
            index -= 1
        }
        lower[index] -= 1
        let below = String(decoding: lower.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self) + "999999"
        let even = low.significandBitPattern & 1 == 0 ? low : high
        return [
            ("\(digits)e\(exponent)", even), ("\(digits)000001e\(exponent - 6)", high),
            ("\(below)e\(exponent - 6)", low),
        ]
    }

    static func cases() -> [(String, Double?)] {
        var lows: [Double] = [
            0, .leastNonzeroMagnitude, Double.leastNormalMagnitude.nextDown, .leastNormalMagnitude, 1, 0.1, 1e22,
            1e23, 4_503_599_627_370_496, 9_007_199_254_740_992, Double.greatestFiniteMagnitude.nextDown,
        ]
        var generator = SeededGenerator(seed: 0x4841_4C46)
        while lows.count < 300 {
            let value = Double(bitPattern: generator.next() >> 1)
            if value.isFinite { lows.append(value) }
        }
        var cases: [(String, Double?)] = knownTexts.map { ($0, nil) }
        for low in lows {
            for (text, expected) in halfwayTexts(above: low) {
                cases.append((text, expected))
                cases.append(("-" + text, -expected))
            }
        }
        return cases
    }

    @Test func theHalfwayTextsAreWhatSwiftReads() {
        for (text, expected) in Self.cases() {
            guard let expected else { continue }
            #expect(Double(text)?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test(arguments: JSONParser.allCases)
    func everyEngineReadsWhatSwiftReads(parser: JSONParser) throws {
        let texts = Self.cases().map(\.0)
        let json = try JSON(string: "[" + texts.joined(separator: ",") + "]", options: .init(parser: parser))
        #expect(json.count == texts.count)
        var mismatches: [String] = []
        for (index, text) in texts.enumerated() {
            let expected = try #require(Double(text))
            let found = json[index]?.double
            if found?.bitPattern != expected.bitPattern {
                mismatches.append("\(text): \(String(describing: found)) instead of \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Through the decoder too (a text that underflows to zero is an error there, as in
    /// `JSONDecoder`, so those are left out).
    @Test func theDecoderReadsWhatSwiftReads() throws {
        let texts = Self.cases().map(\.0).filter { Double($0)! != 0 }
        let decoded = try FastJSONDecoder().decode([Double].self, from: Data("[\(texts.joined(separator: ","))]".utf8))
        let expected = texts.map { Double($0)! }
        #expect(decoded.map(\.bitPattern) == expected.map(\.bitPattern))
    }
}
