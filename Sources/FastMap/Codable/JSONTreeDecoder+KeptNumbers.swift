import FastMapCore

/// Reading numbers the tree keeps as text (beyond `UInt64`, beyond `Double`, JSON5 tokens).
extension JSONTreeDecoder {
    /// `T` from a number kept as text, as `JSONDecoder` reads it: whole numbers exactly over
    /// `T`'s whole range (`Int128`, `UInt128` included), others through their double; nil when
    /// it does not fit.
    package func integer<T: FixedWidthInteger>(_ type: T.Type, fromKeptText text: String) -> T? {
        if let (negative, magnitude) = KeptNumber.hexadecimal(text) {
            return negative ? T(exactly: -Int128(magnitude)) : T(exactly: magnitude)
        }
        guard KeptNumber.isJSONNumber(text) else { return nil }  // JSON5's Infinity, NaN, malformed
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            return T(text)
        }
        guard let double = Double(text), double.isFinite else { return nil }
        return integer(type, fromReal: double, text: { text })
    }

    /// `T` from a number kept as text: the nearest value, nil beyond `T`'s range. JSON5's
    /// `Infinity` and `NaN` (signed or not) read as infinity and NaN, as in `JSONDecoder`.
    package func float<T: BinaryFloatingPoint>(_ type: T.Type, fromKeptText text: String) -> T? {
        if let special = KeptNumber.special(text) { return T(special) }
        guard KeptNumber.isJSONNumber(text), let double = Double(text) else { return nil }
        let value = T(double)
        return value.isFinite ? value : nil
    }
}
