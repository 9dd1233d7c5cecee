@_spi(FastMapCore) import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// The byte writer's numbers (the C digit writer) against Swift's own `description`, which is
/// what `JSONEncoder` and `JSONSerialization` write (less a trailing `.0`).
@Suite struct NumberWriterTests {
    /// What Foundation's JSON writers print for a finite value: its description without `.0`.
    static func foundationText(_ description: String) -> String {
        description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    static func written(_ value: Double) -> String {
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: true, keyOrder: .stored)
        writer.writeDouble(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func written(_ value: Float) -> String {
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: true, keyOrder: .stored)
        writer.writeFloat(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Compares every value with its description and reads the text back; returns the values
    /// that differ (at most a few, so a failure stays readable).
    static func mismatches(_ values: some Sequence<Double>) -> [String] {
        mismatches(values, written: written, bits: \.bitPattern.description)
    }

    static func mismatches(_ values: some Sequence<Float>) -> [String] {
        mismatches(values, written: written, bits: \.bitPattern.description)
    }

    /// The check both formats share: the text must be Foundation's spelling of `description`
    /// and must read back to the same bits.
    static func mismatches<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ values: some Sequence<F>, written: (F) -> String, bits: (F) -> String
    ) -> [String] {
        var found: [String] = []
        for value in values where value.isFinite {
            let text = written(value)
            let expected = foundationText(value.description)
            if text != expected || F(text).map(bits) != bits(value) {
                found.append("\(bits(value)): \(text) (expected \(expected))")
                if found.count == 5 { break }
            }
        }
        return found
    }

    /// A value and its neighbours on both sides.
    static func around(_ value: Double, width: Int = 3) -> [Double] {
        var values = [value]
        var up = value
        var down = value
        for _ in 0..<width {
            up = up.nextUp
            down = down.nextDown
            values += [up, down]
        }
        return values + values.map { -$0 }
    }

    static func around(_ value: Float, width: Int = 3) -> [Float] {
        var values = [value]
        var up = value
        var down = value
        for _ in 0..<width {
            up = up.nextUp
            down = down.nextDown
            values += [up, down]
        }
        return values + values.map { -$0 }
    }

    // MARK: Hand-checked spellings

    @Test func doublesAreSpelledAsFoundationWritesThem() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "-0"), (1, "1"), (100, "100"), (-1.5, "-1.5"), (0.1, "0.1"), (0.3, "0.3"),
            (123.456, "123.456"), (1e-5, "1e-05"), (2.5e-5, "2.5e-05"), (1e-4, "0.0001"),
            (0.00012345, "0.00012345"), (0.001, "0.001"), (1e15, "1000000000000000"),
            (1_000_000_000_000_000.5, "1000000000000000.5"), (1e16, "1e+16"),
            (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e+15"),
            (-9_007_199_254_740_992, "-9007199254740992"), (1.8014398509481984e16, "1.8014398509481984e+16"),
            (1e22, "1e+22"), (1e23, "1e+23"), (1e100, "1e+100"), (1e-300, "1e-300"),
            (.leastNonzeroMagnitude, "5e-324"), (.leastNormalMagnitude, "2.2250738585072014e-308"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (-.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
            (9.999999999999999e-05, "9.999999999999999e-05"), (12_345_678_901_234_568, "1.2345678901234568e+16"),
            (4.35, "4.35"), (1_234_567, "1234567"), (-65.613616999999977, "-65.61361699999998"),
            (-65.613617, "-65.613617"),
        ]
        for (value, text) in cases {
            #expect(Self.written(value) == text, "\(value)")
        }
    }

    @Test func floatsAreSpelledInTheirOwnShortestForm() {
        let cases: [(Float, String)] = [
            (0, "0"), (-0.0, "-0"), (0.1, "0.1"), (0.3, "0.3"), (1e-5, "1e-05"), (1e-4, "0.0001"),
            (16_777_216, "16777216"), (16_777_218, "1.6777218e+07"), (33_554_432, "3.3554432e+07"),
            (1e7, "10000000"), (1e8, "1e+08"), (8_388_608, "8388608"), (123456.7, "123456.7"),
            (.leastNonzeroMagnitude, "1e-45"), (.leastNormalMagnitude, "1.1754944e-38"),
            (.greatestFiniteMagnitude, "3.4028235e+38"),
        ]
        for (value, text) in cases {
            #expect(Self.written(value) == text, "\(value)")
        }
    }

    @Test func nonFiniteValuesKeepTheirDescription() {
        // The encoders route these through their strategies; the writer itself spells them as
        // `description` does, as before.
        #expect(Self.written(Double.infinity) == "inf")
        #expect(Self.written(-Double.infinity) == "-inf")
        #expect(Self.written(Double.nan) == "nan")
        #expect(Self.written(Float.infinity) == "inf")
    }

    @Test func genericFloatingPointWritesTheSameBytes() {
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: true, keyOrder: .stored)
        writer.writeFloatingPoint(0.1 as Double)
        writer.append(UInt8(ascii: ","))
        writer.writeFloatingPoint(Float.leastNonzeroMagnitude)
        writer.append(UInt8(ascii: ","))
        writer.writeFloatingPoint(100 as Double)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "0.1,1e-45,100")
    }

    @Test func doubleListsStopAtTheFirstNonFiniteValue() {
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: true, keyOrder: .stored)
        let values: [Double] = [0.1, 100, -0.0, .nan, 2]
        let written = values.withUnsafeBufferPointer { writer.writeFiniteDoubleList($0, leadingComma: false) }
        #expect(written == 3)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "0.1,100,-0")
        let rest = values.withUnsafeBufferPointer {
            writer.writeFiniteDoubleList(UnsafeBufferPointer(rebasing: $0[4...]), leadingComma: true)
        }
        #expect(rest == 1)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "0.1,100,-0,2")
        // Longer than one chunk: the same text as one number at a time.
        var random = SeededGenerator(seed: 0xD70A_0005)
        let many = (0..<3000).map { _ in Double(bitPattern: random.next() >> 2) }
        var listed = JSONByteWriter(prettyPrinted: false, escapeSlashes: true, keyOrder: .stored)
        #expect(many.withUnsafeBufferPointer { listed.writeFiniteDoubleList($0, leadingComma: false) } == many.count)
        #expect(String(decoding: listed.bytes, as: UTF8.self) == many.map(Self.written).joined(separator: ","))
    }

    @Test func integerListsMatchDescription() {
        // Every digit count and both signs, the extremes, and more than one chunk's worth.
        var values: [Int] = [0, -0, 1, -1, 9, 10, -10, 99, 100, 12_345_678, 123_456_789, .max, .min, .min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power]
        }
        var random = SeededGenerator(seed: 0xD70A_0006)
        values += (0..<3000).map { _ in Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64) }
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: true, keyOrder: .stored)
        writer.writeIntegerList(values, leadingComma: false)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == values.map(String.init).joined(separator: ","))
        // After other text, with the leading comma; and an empty list writes nothing.
        var after = JSONByteWriter(prettyPrinted: false, escapeSlashes: true, keyOrder: .stored)
        after.append(UInt8(ascii: "7"))
        after.writeIntegerList([], leadingComma: true)
        after.writeIntegerList([Int.min, 5], leadingComma: true)
        #expect(String(decoding: after.bytes, as: UTF8.self) == "7,-9223372036854775808,5")
    }

    // MARK: Against description

    @Test func randomDoubleBitPatternsMatchDescription() {
        var random = SeededGenerator(seed: 0xD70A_0001)
        let values = (0..<400_000).lazy.map { _ in Double(bitPattern: random.next()) }
        #expect(Self.mismatches(values) == [])
    }

    @Test func randomDoublesOfEveryMagnitudeMatchDescription() {
        // Uniform bit patterns are mostly huge or tiny: these draw the exponent from the range
        // JSON numbers live in, with random significands.
        var random = SeededGenerator(seed: 0xD70A_0002)
        let values = (0..<300_000).lazy.map { _ -> Double in
            let exponent = UInt64(1023 - 40) + random.next() % 100
            return Double(bitPattern: exponent << 52 | random.next() >> 12)
        }
        #expect(Self.mismatches(values) == [])
    }

    @Test func shortDecimalsMatchDescription() {
        // Values typed as short decimals (coordinates, prices): their neighbours need 16 or 17
        // digits, they themselves only a few.
        var random = SeededGenerator(seed: 0xD70A_0003)
        let values = (0..<200_000).lazy.map { _ -> Double in
            let digits = Double(random.next() % 10_000_000)
            let scale = [1e-9, 1e-6, 1e-3, 1, 1e3, 1e6, 1e12][Int(random.next() % 7)]
            return (digits * scale).nextUp.nextDown
        }
        #expect(Self.mismatches(values) == [])
        #expect(Self.mismatches(values.map { $0.nextUp }) == [])
    }

    @Test func randomFloatBitPatternsMatchDescription() {
        var random = SeededGenerator(seed: 0xD70A_0004)
        let values = (0..<400_000).lazy.map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }
        #expect(Self.mismatches(values) == [])
    }

    @Test func everyPowerOfTwoAndItsNeighboursMatchDescription() {
        // Each binade's first value has the narrower gap below (the asymmetric interval).
        let doubles = (-1074...1023).flatMap { Self.around(Double(sign: .plus, exponent: $0, significand: 1)) }
        #expect(Self.mismatches(doubles) == [])
        let floats = (-149...127).flatMap { Self.around(Float(sign: .plus, exponent: $0, significand: 1)) }
        #expect(Self.mismatches(floats) == [])
    }

    @Test func everyPowerOfTenAndItsNeighboursMatchDescription() {
        let doubles = (-323...308).flatMap { Self.around(Double("1e\($0)")!) }
        #expect(Self.mismatches(doubles) == [])
        let floats = (-45...38).flatMap { Self.around(Float("1e\($0)")!) }
        #expect(Self.mismatches(floats) == [])
    }

    @Test func subnormalsAndTheFormatsEdgesMatchDescription() {
        // The first and last subnormals (a significand of a few bits, where the shortest digit
        // count is smallest), the normal boundary, the largest values.
        let lowDoubles = (UInt64(1)...50_000).map { Double(bitPattern: $0) }
        let highSubnormals = (0..<20_000).map { Double.leastNormalMagnitude.bitPattern - 1 - UInt64($0) }
        let edges: [Double] = [.leastNormalMagnitude, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        #expect(Self.mismatches(lowDoubles) == [])
        #expect(Self.mismatches(highSubnormals.map { Double(bitPattern: $0) }) == [])
        #expect(Self.mismatches(edges.flatMap { Self.around($0, width: 200) }) == [])
        let lowFloats = (UInt32(1)...50_000).map { Float(bitPattern: $0) }
        let floatEdges: [Float] = [.leastNormalMagnitude, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        #expect(Self.mismatches(lowFloats) == [])
        #expect(Self.mismatches(floatEdges.flatMap { Self.around($0, width: 200) }) == [])
    }

    @Test func theSwitchesBetweenDecimalAndExponentialFormMatchDescription() {
        // Exponential below 1e-4 (decided by the digits) and above 2^53 (2^24 for a float,
        // decided by the value); every integer power of ten in between, where ".0" is dropped.
        let twoTo53: Double = 0x1p53
        var doubles: [Double] = Self.around(1e-4, width: 50) + Self.around(twoTo53, width: 50)
        doubles += (0...22).flatMap { (power: Int) -> [Double] in Self.around(Double("1e\(power)")!, width: 20) }
        doubles += (0..<2000).map { (step: Int) -> Double in twoTo53 - Double(step) }
        doubles += (0..<2000).map { (step: Int) -> Double in twoTo53 + 2 * Double(step) }
        #expect(Self.mismatches(doubles) == [])
        let twoTo24: Float = 0x1p24
        var floats: [Float] = Self.around(Float(1e-4), width: 50) + Self.around(twoTo24, width: 50)
        floats += (0...10).flatMap { (power: Int) -> [Float] in Self.around(Float("1e\(power)")!, width: 20) }
        floats += (0..<2000).map { (step: Int) -> Float in twoTo24 - Float(step) }
        #expect(Self.mismatches(floats) == [])
    }
}
