@_spi(FastMapCore) import FastMapCore
import Foundation

/// The coercions themselves. Each returns nil when it is off or does not apply, and the
/// caller then reports the error it would have reported anyway.
extension JSONTreeDecoder {
    package func coercedString(_ node: JSONNode) -> String? {
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
        return writer.text
    }

    package func coercedBool(_ node: JSONNode) -> Bool? {
        if lossy.contains(.boolsFromNumbers), let number = json(node).number {
            switch number.doubleValue {
            case 0: return false
            case 1: return true
            default: return nil
            }
        }
        if lossy.contains(.boolsFromStrings), node.isString {
            guard node.stringCount <= 5 else { return nil }
            switch node.stringValue.lowercased() {
            case "true", "yes": return true
            case "false", "no": return false
            default: return nil
            }
        }
        return nil
    }

    /// `true` for a string holding exactly a JSON number (no spaces, no `+`, no hex).
    package func isNumberString(_ node: JSONNode) -> Bool { node.holdsNumberText }

    private func numberText(_ node: JSONNode) -> String? {
        guard node.holdsNumberText else { return nil }
        return node.stringValue
    }

    package func coercedInteger<T: FixedWidthInteger>(_ type: T.Type, from node: JSONNode) -> T? {
        guard let text = numberText(node) else { return nil }
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            // Integer text: exact, whatever its size.
            if text == "-0" { return 0 }
            return T(text)
        }
        guard let double = Double(text), double.isFinite else { return nil }
        return integer(type, fromReal: double, text: { text })
    }

    package func coercedFloat<T: BinaryFloatingPoint>(_ type: T.Type, from node: JSONNode) -> T? {
        guard let text = numberText(node), let double = Double(text) else { return nil }
        let value = T(double)
        guard value.isFinite, value != 0 || !JSONNumberGrammar.hasNonZeroDigit(text) else { return nil }
        return value
    }

    package func coercedDecimal(from node: JSONNode) -> Decimal? {
        numberText(node).flatMap { Decimal(string: $0) }
    }
}
