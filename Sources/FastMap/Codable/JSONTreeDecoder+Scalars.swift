@_spi(FastMapCore) import FastMapCore
import Foundation

/// Reading strings, booleans and numbers from nodes with `JSONDecoder`'s rules. Each reader
/// takes the fast path for the kind it expects and leaves everything else (null, coercions,
/// errors) to a slower function. The fast readers take their path step as an autoclosure: a
/// step is made only when an error names it (a key step is an existential, copied and destroyed
/// through value witnesses; making one per value read was 6% of canada.json's decode profile).
extension JSONTreeDecoder {
    @inline(__always)
    package func readString(
        _ node: JSONNode, at path: CodingPathReference, _ step: @autoclosure () -> CodingPathComponent?
    ) throws
        -> String
    {
        if node.isString { return node.stringValue }
        return try readStringSlow(node, at: path, step())
    }

    private func readStringSlow(
        _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> String {
        if node.isNull { throw valueNotFound(String.self, at: path, step) }
        if let text = coercedString(node) { return text }
        throw typeMismatch(String.self, found: node, at: path, step)
    }

    /// Foundation reads `Bool` without a null check: `null` is a type mismatch, not a missing value.
    @inline(__always)
    package func readBool(
        _ node: JSONNode, at path: CodingPathReference, _ step: @autoclosure () -> CodingPathComponent?
    ) throws -> Bool {
        if node.isTrue { return true }
        if node.isFalse { return false }
        if let value = coercedBool(node) { return value }
        throw typeMismatch(Bool.self, found: node, at: path, step())
    }

    @inline(__always)
    package func readInteger<T: FixedWidthInteger>(
        _ node: JSONNode, _ type: T.Type, at path: CodingPathReference,
        _ step: @autoclosure () -> CodingPathComponent?
    ) throws -> T {
        if node.isInteger {
            let bits = node.integerBits
            if bits >= 0 || !document.isUnsigned(node) {
                if let value = T(exactly: bits) { return value }
            } else if let value = T(exactly: UInt64(bitPattern: bits)) {
                return value
            }
            throw notRepresentable(type, node: node, at: path, step())
        }
        return try readIntegerSlow(node, type, at: path, step())
    }

    private func readIntegerSlow<T: FixedWidthInteger>(
        _ node: JSONNode, _ type: T.Type, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> T {
        if node.isReal {
            if let text = node.keptNumberText {
                guard let value = integer(type, fromKeptText: text) else {
                    throw notRepresentable(type, node: node, at: path, step)
                }
                return value
            }
            guard let value = integer(type, fromReal: node.realValue, text: { exactText(ofReal: node) }) else {
                throw notRepresentable(type, node: node, at: path, step)
            }
            return value
        }
        if node.isNull { throw valueNotFound(type, at: path, step) }
        if node.isString, lossy.contains(.numbersFromStrings), isNumberString(node) {
            guard let value = coercedInteger(type, from: node) else {
                throw notRepresentable(type, node: node, at: path, step)
            }
            return value
        }
        throw typeMismatch(type, found: node, at: path, step)
    }

    @inline(__always)
    package func readFloat<T: BinaryFloatingPoint>(
        _ node: JSONNode, _ type: T.Type, at path: CodingPathReference,
        _ step: @autoclosure () -> CodingPathComponent?
    ) throws -> T {
        if node.isReal {
            let double = node.realValue
            let value = T(double)
            if value.isFinite && value != 0 { return value }
        }
        return try readFloatSlow(node, type, at: path, step())
    }

    private func readFloatSlow<T: BinaryFloatingPoint>(
        _ node: JSONNode, _ type: T.Type, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> T {
        if node.isInteger {
            let bits = node.integerBits
            if bits < 0 && document.isUnsigned(node) { return T(UInt64(bitPattern: bits)) }
            return T(bits)
        }
        if node.isReal {
            // Foundation rejects numbers that round to infinity or, having non-zero digits,
            // to zero in the requested type.
            let double = node.realValue
            if double.isNaN, let text = node.keptNumberText {
                guard let value = float(type, fromKeptText: text) else {
                    throw notRepresentable(type, node: node, at: path, step)
                }
                return value
            }
            let value = T(double)
            if value.isFinite && (double == 0 ? !underflowed(node) : value != 0) { return value }
            throw notRepresentable(type, node: node, at: path, step)
        }
        if node.isNull { throw valueNotFound(type, at: path, step) }
        if node.isString {
            if let special: T = nonConformingFloat(node) { return special }
            if lossy.contains(.numbersFromStrings), isNumberString(node) {
                guard let value = coercedFloat(type, from: node) else {
                    throw notRepresentable(type, node: node, at: path, step)
                }
                return value
            }
        }
        throw typeMismatch(type, found: node, at: path, step)
    }

    /// The value of `.convertFromString` that `node`'s text names exactly, if any.
    private func nonConformingFloat<T: BinaryFloatingPoint>(_ node: JSONNode) -> T? {
        guard case .convertFromString(let positive, let negative, let nan) = options.nonConformingFloatDecodingStrategy
        else { return nil }
        if node.stringEquals(positive) { return T.infinity }
        if node.stringEquals(negative) { return -T.infinity }
        if node.stringEquals(nan) { return T.nan }
        return nil
    }

    /// `T` from a double, as `JSONDecoder` converts a number with a fraction or exponent:
    /// exactly below 2^53, and above it from the number's decimal text (where a double can no
    /// longer tell neighbouring integers apart), truncating any fraction as Foundation does.
    /// (Integers beyond `UInt64` are kept as text in the tree and read by
    /// ``integer(_:fromKeptText:)``, never here.)
    package func integer<T: FixedWidthInteger>(_ type: T.Type, fromReal double: Double, text: () -> String?) -> T? {
        guard let value = T(exactly: double) else { return nil }
        if double.magnitude < 9_007_199_254_740_992 { return value }
        guard let decimal = Decimal(string: text() ?? "\(double)") else { return nil }
        return T(truncating: decimal)
    }

    /// The text of a parsed real (a document keeps every one as written); nil for one made in
    /// code, whose double is its exact value.
    package func exactText(ofReal node: JSONNode) -> String? { node.numberText }

    /// `true` for a real stored as zero that `JSONDecoder` refuses as a `Double` or `Float`
    /// because its text does not read as zero (`1e-400`).
    package func underflowed(_ node: JSONNode) -> Bool {
        guard node.realValue == 0, let text = node.numberText else { return false }
        return !Self.readsAsZero(Array(text.utf8))
    }

    /// Foundation's test for "this text is a true zero": the first non-zero digit says no, the
    /// first exponent marker says yes. Like Foundation it reads whole groups of four bytes in
    /// order and the last one to three bytes from the end backwards, so `-0.0e-2` (whose `2` is
    /// read before its `e`) does not read as zero; matching that keeps the two decoders agreeing.
    package static func readsAsZero(_ text: [UInt8]) -> Bool {
        func verdict(_ byte: UInt8) -> Bool? {
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
            if byte | 0x20 == UInt8(ascii: "e") { return true }
            return nil
        }
        let whole = text.count - text.count % 4
        for byte in text[..<whole] {
            if let result = verdict(byte) { return result }
        }
        for byte in text[whole...].reversed() {
            if let result = verdict(byte) { return result }
        }
        return true
    }
}
