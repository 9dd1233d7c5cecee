import Foundation

extension JSON {
    /// The number's text, when this is a number: exactly as written in the input for numbers
    /// FastMap keeps as text, otherwise the text ``data(options:)`` writes for the stored value.
    ///
    /// A document never fails because of a number's size. Integers beyond
    /// `Int64.min...UInt64.max` and numbers beyond `Double`'s range (`1e999999`) are kept in the
    /// tree as written: ``data(options:)`` writes them back unchanged, `Decimal(string:)` reads
    /// every digit of them, and ``double`` gives the nearest double (infinite beyond its range).
    /// `FastJSONDecoder` reads them into `Decimal`, `Double` and the integer types exactly as
    /// `JSONDecoder` does, failing only the types they do not fit.
    ///
    /// ```swift
    /// let json = try JSON(string: #"{"id": 123456789012345678901234567890}"#)
    /// json["id"]?.numberText   // "123456789012345678901234567890"
    /// json["id"]?.int          // nil: beyond Int
    /// ```
    public var numberText: String? {
        switch number {
        case .integer(let value): String(value)
        case .unsigned(let value): String(value)
        case .double:
            String(decoding: (try? JSON(document: document, node: node).data()) ?? Data(), as: UTF8.self)
        case .text(let text): text
        case nil: nil
        }
    }
}

/// What a kept number's text is: a JSON number, or a JSON5 token strict JSON cannot spell.
package enum KeptNumber {
    package static func isJSONNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { JSONNumberGrammar.matches($0) }
    }

    /// A JSON5 hexadecimal integer (kept when above `Int64.max`): its sign and magnitude.
    package static func hexadecimal(_ text: String) -> (negative: Bool, magnitude: UInt64)? {
        let negative = text.first == "-"
        let body = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard body.hasPrefix("0x") || body.hasPrefix("0X") else { return nil }
        return UInt64(body.dropFirst(2), radix: 16).map { (negative, $0) }
    }

    /// Whether `Decimal` reads the text as NaN: like `JSONDecoder`, any token starting (after a
    /// sign) with `Infinity` or `NaN`.
    package static func isDecimalNaN(_ text: String) -> Bool {
        let body = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return body.hasPrefix("Infinity") || body.hasPrefix("NaN")
    }

    /// The value of JSON5's `Infinity`, `-Infinity`, `+Infinity`, `NaN`, `-NaN`, `+NaN`.
    package static func special(_ text: String) -> Double? {
        var body = Substring(text)
        var negative = false
        if let sign = body.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        switch body {
        case "Infinity": return negative ? -.infinity : .infinity
        case "NaN": return negative ? -.nan : .nan
        default: return nil
        }
    }
}
