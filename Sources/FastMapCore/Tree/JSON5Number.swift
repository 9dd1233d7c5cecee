/// One JSON5 number token, classified with the rules of Foundation's JSON5 reader.
package enum JSON5Number {
    /// A valid number, spelled in strict JSON (`+1` → `1`, `.5` → `0.5`, `5.` → `5.0`,
    /// `0x1F` → `31`).
    case strict([UInt8])
    /// A valid token the tree keeps as written: `Infinity` and `NaN` with an optional sign, wide
    /// hexadecimal numbers, and numbers whose exponent has so many digits that they would look
    /// like a marker.
    case kept
    /// Not a number: Foundation reports it when the value is read.
    case invalid

    /// `keepsWideHex`: hexadecimal numbers above `Int64.max` stay tokens, read only as integers
    /// (`JSONDecoder` refuses them as `Double`); otherwise they become decimal integers.
    package init(_ token: [UInt8], keepsWideHex: Bool) {
        var rest = token[...]
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        if rest.elementsEqual("Infinity".utf8) || rest.elementsEqual("NaN".utf8) {
            self = .kept
            return
        }
        if rest.count > 2, rest.first == UInt8(ascii: "0"),
            rest.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x")
        {
            self = Self.hexadecimal(rest.dropFirst(2), negative: negative)
            if keepsWideHex, case .strict(let text) = self, Int64(String(decoding: text, as: UTF8.self)) == nil {
                self = .kept
            }
            return
        }
        self = Self.decimal(rest, negative: negative)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Hex digits to a decimal integer; beyond `UInt64` (which every reading of Foundation
    /// refuses) the token is invalid. `-0x0` reads as `0`, as in Foundation.
    private static func hexadecimal(_ digits: ArraySlice<UInt8>, negative: Bool) -> JSON5Number {
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = JSON5Translator.hexValue(byte), value >> 60 == 0 else { return .invalid }
            value = value << 4 | UInt64(digit)
        }
        let text = (negative && value != 0 ? "-" : "") + String(value)
        return .strict(Array(text.utf8))
    }

    private static func decimal(_ rest: ArraySlice<UInt8>, negative: Bool) -> JSON5Number {
        var index = rest.startIndex
        let integerStart = index
        while index < rest.endIndex, isDigit(rest[index]) { index += 1 }
        let integer = rest[integerStart..<index]
        if integer.count > 1 && integer.first == UInt8(ascii: "0") { return .invalid }  // leading zero
        var fraction: ArraySlice<UInt8> = []
        var hasPoint = false
        if index < rest.endIndex, rest[index] == UInt8(ascii: ".") {
            hasPoint = true
            index += 1
            let start = index
            while index < rest.endIndex, isDigit(rest[index]) { index += 1 }
            fraction = rest[start..<index]
            if integer.isEmpty && fraction.isEmpty { return .invalid }  // a lone `.`
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return .invalid }
        var exponent: ArraySlice<UInt8> = []
        if index < rest.endIndex, rest[index] | 0x20 == UInt8(ascii: "e") {
            let start = index
            index += 1
            if index < rest.endIndex, rest[index] == UInt8(ascii: "+") || rest[index] == UInt8(ascii: "-") {
                index += 1
            }
            let digitsStart = index
            while index < rest.endIndex, isDigit(rest[index]) { index += 1 }
            if index == digitsStart { return .invalid }
            if index - digitsStart > 18 { return index == rest.endIndex ? .kept : .invalid }
            exponent = rest[start..<index]
        }
        guard index == rest.endIndex else { return .invalid }
        var text: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        text += integer.isEmpty ? [UInt8(ascii: "0")] : Array(integer)
        // `5.` keeps its point (`5.0`): Foundation's zero test reads the text's bytes in order.
        if !fraction.isEmpty || hasPoint {
            text += [UInt8(ascii: ".")] + (fraction.isEmpty ? [UInt8(ascii: "0")] : fraction)
        }
        text += exponent
        return .strict(text)
    }
}
