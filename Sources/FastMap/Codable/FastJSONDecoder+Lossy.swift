import Foundation

extension FastJSONDecoder {
    /// Lossy coercions FastJSONDecoder may accept; by default it accepts none and is exactly
    /// as strict as `JSONDecoder`.
    ///
    /// A coercion never invents a value: `"1.5"` does not become an `Int`, `2` does not become
    /// a `Bool`, and `"abc"` is still an error.
    public struct LossyCoercions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int

        /// Creates a set from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Numbers (and `Decimal`) from strings holding a JSON number: `"42"`, `"-1.5e3"`.
        public static let numbersFromStrings = LossyCoercions(rawValue: 1 << 0)
        /// Strings from numbers, written as FastMap writes numbers (`42`, `1.5`).
        public static let stringsFromNumbers = LossyCoercions(rawValue: 1 << 1)
        /// `Bool` from the numbers `0` and `1`.
        public static let boolsFromNumbers = LossyCoercions(rawValue: 1 << 2)
        /// `Bool` from `"true"`, `"false"`, `"yes"`, `"no"`, in any letter case.
        public static let boolsFromStrings = LossyCoercions(rawValue: 1 << 3)
        /// Arrays (`[T]`) drop the elements that fail to decode instead of failing.
        public static let skipInvalidArrayElements = LossyCoercions(rawValue: 1 << 4)

        /// Every coercion.
        public static let all: LossyCoercions = [
            .numbersFromStrings, .stringsFromNumbers, .boolsFromNumbers, .boolsFromStrings,
            .skipInvalidArrayElements,
        ]
    }
}

/// The coercions themselves. Each returns nil when it is off or does not apply, and the
/// caller then reports the error it would have reported anyway.
extension JSONTreeDecoder {
    func coercedString(_ node: JSONNode) -> String? {
        guard lossy.contains(.stringsFromNumbers), node.kind == .number, let number = json(node).number else {
            return nil
        }
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: false, keyOrder: .stored, capacity: 32)
        switch number {
        case .integer(let value): writer.writeInteger(value)
        case .unsigned(let value): writer.writeInteger(value)
        case .double(let value): writer.writeDouble(value)
        case .text(let text): writer.writeRaw(text)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func coercedBool(_ node: JSONNode) -> Bool? {
        if lossy.contains(.boolsFromNumbers), let number = json(node).number {
            switch number.doubleValue {
            case 0: return false
            case 1: return true
            default: return nil
            }
        }
        if lossy.contains(.boolsFromStrings), node.isString {
            let bytes = node.stringBytes
            guard bytes.count <= 5 else { return nil }
            switch String(decoding: bytes, as: UTF8.self).lowercased() {
            case "true", "yes": return true
            case "false", "no": return false
            default: return nil
            }
        }
        return nil
    }

    /// `true` for a string holding exactly a JSON number (no spaces, no `+`, no hex).
    func isNumberString(_ node: JSONNode) -> Bool { JSONNumberGrammar.matches(node.stringBytes) }

    private func numberText(_ node: JSONNode) -> String? {
        let bytes = node.stringBytes
        guard JSONNumberGrammar.matches(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    func coercedInteger<T: FixedWidthInteger>(_ type: T.Type, from node: JSONNode) -> T? {
        guard let text = numberText(node) else { return nil }
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            // Integer text: exact, whatever its size.
            if text == "-0" { return 0 }
            return T(text)
        }
        guard let double = Double(text), double.isFinite else { return nil }
        return integer(type, fromReal: double, text: { text })
    }

    func coercedFloat<T: BinaryFloatingPoint>(_ type: T.Type, from node: JSONNode) -> T? {
        guard let text = numberText(node), let double = Double(text) else { return nil }
        let value = T(double)
        guard value.isFinite, value != 0 || !JSONNumberGrammar.hasNonZeroDigit(text) else { return nil }
        return value
    }

    func coercedDecimal(from node: JSONNode) -> Decimal? {
        numberText(node).flatMap { Decimal(string: $0) }
    }
}

/// RFC 8259's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
enum JSONNumberGrammar {
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        func digits() -> Int {
            let start = index
            while index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == count
    }

    /// `true` when the mantissa (before any exponent) has a digit other than 0.
    static func hasNonZeroDigit<Text: StringProtocol>(_ text: Text) -> Bool {
        for byte in text.utf8 {
            if byte | 0x20 == UInt8(ascii: "e") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }
}
