import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// `[Double]`, `[Float]` and `[Int]` take the encoder's direct path (no unkeyed container per
/// array); these hold it to `JSONEncoder`'s bytes, coding paths and errors, and its numbers
/// (the C digit writer) to `JSONEncoder`'s spelling.
@Suite struct EncoderNumberArrayTests {
    struct Shapes: Encodable {
        var pairs: [[Double]]
        var floats: [Float]
        var integers: [Int]
        var empty: [Double]
        var nested: [[[Double]]]
    }

    static let shapes = Shapes(
        pairs: [[-65.613616999999977, 43.420273000000009], [0.1, 1e-7], [1e16, -0.0]],
        floats: [0.1, .leastNonzeroMagnitude, 16_777_218, 3.4028235e38], integers: [.min, -1, 0, 1, .max], empty: [],
        nested: [[[1, 2], []], [], [[.leastNonzeroMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_994]]])

    @Test func numberArraysMatchJSONEncoder() {
        expectSameEncoding(
            [0.1, -0.0, 1e-7, 100, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-4, 2.5e-5] as [Double])
        expectSameEncoding([] as [Double])
        expectSameEncoding([] as [Int])
        expectSameEncoding([[], [1.5], [[]].flatMap { $0 }] as [[Double]])
        expectSameEncoding([0.1, .leastNonzeroMagnitude, 16_777_216, 16_777_218] as [Float])
        expectSameEncoding([Int.min, 0, Int.max])
        expectSameEncoding(Self.shapes)
        expectSameEncoding(["a": [1.25, 2], "b": []] as [String: [Double]])
    }

    @Test func nonConformingFloatsInArraysFollowTheStrategy() {
        let values: [[Double]] = [[1, 2], [3, .nan], [.infinity, -.infinity, 4]]
        var shapes = Self.shapes
        shapes.floats.insert(.infinity, at: 2)
        shapes.nested[2][0].append(.nan)
        // `.throw`: the error names the element's index inside its array.
        expectSameEncoding(values)
        expectSameEncoding(shapes)
        expectSameEncoding([Float.nan])
        let strings = EncoderSetup(
            floatStrategy: .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN"))
        expectSameEncoding(values, setup: strings)
        expectSameEncoding(shapes, setup: strings)
    }

    @Test func longArraysWithNonConformingValuesMatchJSONEncoder() {
        // Compact doubles are written in chunks of about a kilobyte, each run of finite values
        // ending at an infinity or NaN: these cross chunk edges and put the strategy's strings
        // at the start, middle and end.
        var random = SeededGenerator(seed: 0x10_6A77)
        var values = (0..<700).map { _ in Double(bitPattern: random.next() >> 2 | 0x3000_0000_0000_0000) }
        expectSameEncoding(values, formattings: [.sortedKeys, [.sortedKeys, .prettyPrinted]])
        for position in [0, 1, 63, 64, 350, 699] { values[position] = [.nan, .infinity, -.infinity][position % 3] }
        let strings = EncoderSetup(
            floatStrategy: .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN"))
        expectSameEncoding(values, setup: strings, formattings: [.sortedKeys, [.sortedKeys, .prettyPrinted]])
        expectSameEncoding(["key": values], formattings: [.sortedKeys])
        expectSameEncoding([values, [], values], setup: strings, formattings: [.sortedKeys])
    }

    @Test func longIntegerArraysMatchJSONEncoder() {
        // Compact integers are written in chunks of about a kilobyte: these cross chunk edges,
        // alone, inside a model after other members, and nested in other arrays.
        var random = SeededGenerator(seed: 0x1A7E_6E75)
        let values = (0..<2500).map { _ in Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64) }
        let formattings: [JSONEncoder.OutputFormatting] = [.sortedKeys, [.sortedKeys, .prettyPrinted]]
        expectSameEncoding(values, formattings: formattings)
        expectSameEncoding([values, [], [Int.min], values], formattings: formattings)
        var shapes = Self.shapes
        shapes.integers = values
        expectSameEncoding(shapes, formattings: formattings)
        expectSameEncoding(["indices": values, "empty": []], formattings: formattings)
    }

    @Test func randomCoordinateArraysMatchJSONEncoder() {
        // canada.json's shape: rings of coordinate pairs with up to 17 significant digits.
        var random = SeededGenerator(seed: 0xC0_0D5)
        for _ in 0..<20 {
            let rings: [[[Double]]] = (0..<Int(random.next() % 4)).map { _ in
                (0..<Int(random.next() % 30)).map { _ in
                    [Double.random(in: -180...180, using: &random), Double.random(in: -90...90, using: &random)]
                }
            }
            expectSameEncoding(rings, formattings: [.sortedKeys, [.sortedKeys, .prettyPrinted]])
        }
    }
}
