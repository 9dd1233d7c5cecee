import Foundation

/// Seeded random values in `JSONSerialization`'s shapes, for differential tests.
public struct RandomJSONGenerator {
    /// The seeded source of every choice; exposed so callers can draw from the same stream.
    public var generator: SeededGenerator
    /// How deep containers may nest.
    public var maximumDepth: Int

    /// A generator whose output depends only on `seed`.
    public init(seed: UInt64, maximumDepth: Int = 4) {
        generator = SeededGenerator(seed: seed)
        self.maximumDepth = maximumDepth
    }

    static let scalars: [Unicode.Scalar] =
        Array("abcxyzABCXYZ0189 _-.:,".unicodeScalars)
        + ["/", "\"", "\\", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{a}", "\u{c}", "\u{d}", "\u{1f}", "\u{7f}"]
        + ["é", "ß", "中", "日", "😀", "\u{2028}", "\u{2029}", "\u{feff}", "\u{10ffff}", "\u{301}"]

    /// A string mixing ASCII, escapes, control characters and multi-byte text.
    public mutating func string(maxLength: Int = 12) -> String {
        let length = Int.random(in: 0...maxLength, using: &generator)
        var text = String.UnicodeScalarView()
        for _ in 0..<length { text.append(Self.scalars.randomElement(using: &generator)!) }
        return String(text)
    }

    static let interestingDoubles: [Double] = [
        0.1, 0.2, 19.99, 1e300, -1e300, 1e-7, 1e21, 1e16, 1e15, 123456789.0, 1.5, -2.25, .leastNonzeroMagnitude,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 0.000001, 1e-5,
        12345678901234567890.0, 3.141592653589793, 2.718281828459045, 100, 1e100, 4.35, 0.3,
    ]

    static let interestingIntegers: [Int] = [
        0, 1, -1, 42, 255, 256, -128, 65535, Int(Int32.max), Int(Int32.min), 9_007_199_254_740_993, .max, .min,
    ]

    /// A double: an interesting one, or random bits that make a finite number.
    public mutating func double() -> Double {
        if Bool.random(using: &generator) { return Self.interestingDoubles.randomElement(using: &generator)! }
        while true {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { return value }
        }
    }

    /// A scalar or container, nested at most `maximumDepth - depth` more levels.
    public mutating func value(depth: Int = 0) -> Any {
        let choice = Int.random(in: 0..<(depth >= maximumDepth ? 7 : 10), using: &generator)
        switch choice {
        case 0: return string()
        case 1: return Self.interestingIntegers.randomElement(using: &generator)!
        case 2: return Int.random(in: -1_000_000...1_000_000, using: &generator)
        case 3: return double()
        case 4: return Bool.random(using: &generator)
        case 5: return NSNull()
        case 6: return UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &generator)
        case 7, 8:
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                object[string(maxLength: 6)] = value(depth: depth + 1)
            }
            return object
        default:
            return (0..<Int.random(in: 0...5, using: &generator)).map { _ in value(depth: depth + 1) }
        }
    }

    /// A top-level container (what `JSONSerialization` accepts without `.fragmentsAllowed`).
    public mutating func container() -> Any {
        while true {
            let candidate = value()
            if candidate is [String: Any] || candidate is [Any] { return candidate }
        }
    }
}
