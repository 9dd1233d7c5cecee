internal import CFastMap

/// Strings, unquoted keys and numbers of JSON5, with Foundation's rules.
extension JSON5Translator {
    // MARK: Strings

    /// A string quoted with `quote` (`"` or `'`), written as a JSON string.
    package mutating func string(quote: UInt8) throws(FastMapError) {
        let start = position
        emit(UInt8(ascii: "\""), from: position)
        position += 1
        while true {
            guard let byte = peek() else { throw failure("Unterminated string.", at: start) }
            let offset = position
            switch byte {
            case quote:
                emit(UInt8(ascii: "\""), from: offset)
                position += 1
                return
            case UInt8(ascii: "\\"):
                try escape(quote: quote)
            case UInt8(ascii: "\""):  // inside a single-quoted string
                emit(UInt8(ascii: "\\"), from: offset)
                emit(UInt8(ascii: "\""), from: offset)
                position += 1
            case 0..<0x20:
                throw failure("Unescaped control character in a string.")
            default:
                emit(byte, from: offset)
                position += 1
            }
        }
    }

    private mutating func escape(quote: UInt8) throws(FastMapError) {
        let offset = position
        position += 1
        guard let byte = peek() else { throw failure("Unterminated string.") }
        position += 1
        func write(_ text: StaticString) { emit(text, from: offset) }
        switch byte {
        case UInt8(ascii: "\""): write("\\\"")
        case UInt8(ascii: "'"): write("'")
        case UInt8(ascii: "\\"): write("\\\\")
        case UInt8(ascii: "/"): write("/")
        case UInt8(ascii: "b"): write("\\b")
        case UInt8(ascii: "f"): write("\\f")
        case UInt8(ascii: "n"), 0x0A: write("\\n")  // an escaped line feed stays in the string
        case UInt8(ascii: "r"): write("\\r")
        case 0x0D:
            write("\\r")
            if peek() == 0x0A {
                write("\\n")
                position += 1
            }
        case UInt8(ascii: "t"): write("\\t")
        case UInt8(ascii: "u"):
            // The parser checks the digits (and pairs surrogates) as for any JSON string.
            guard position + 4 <= input.count, !(0..<4).contains(where: { peek($0) == quote }) else {
                throw failure("Invalid \\u escape.", at: offset)
            }
            // Foundation's JSON5 reader refuses an escaped NUL (strict JSON allows it).
            guard (0..<4).contains(where: { peek($0) != UInt8(ascii: "0") }) else {
                throw failure("\\u0000 is not allowed in a JSON5 string.", at: offset)
            }
            write("\\u")
            for _ in 0..<4 {
                emit(peek()!, from: position)
                position += 1
            }
        case UInt8(ascii: "x"):
            guard let high = peek().flatMap(Self.hexValue), let low = peek(1).flatMap(Self.hexValue) else {
                throw failure("Invalid \\x escape.", at: offset)
            }
            guard high | low != 0 else { throw failure("\\x00 is not allowed in a string.", at: offset) }
            position += 2
            write("\\u00")
            emit(peek(-2)!, from: offset)
            emit(peek(-1)!, from: offset)
        default:
            throw failure("Invalid escape sequence.", at: offset)
        }
    }

    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Unquoted keys

    /// An identifier key: a letter (any Unicode letter or letter number), `$`, `_` or `\` first,
    /// then those, digits, combining marks, connector punctuation, ZWNJ and ZWJ. Like
    /// Foundation, escapes in it are not decoded: the key is its text.
    package mutating func unquotedKey() throws(FastMapError) {
        let start = position
        guard let (first, _) = try scalar(), Self.startsKey(first) else {
            throw failure("Invalid character at the beginning of an unquoted key.")
        }
        emit(UInt8(ascii: "\""), from: start)
        while true {
            guard let (next, length) = try scalar() else { throw failure("Unexpected end of input in a key.") }
            guard next == first && position == start || Self.continuesKey(next) else { break }
            for _ in 0..<length {
                let byte = peek()!
                if byte == UInt8(ascii: "\\") { emit(byte, from: position) }  // written escaped
                emit(byte, from: position)
                position += 1
            }
        }
        emit(UInt8(ascii: "\""), from: position)
    }

    private static func startsKey(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "$", "_", "\\": return true
        default:
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
                return true
            default: return false
            }
        }
    }

    private static func continuesKey(_ scalar: Unicode.Scalar) -> Bool {
        if startsKey(scalar) || scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// The UTF-8 scalar at the current position and its length; nil at the end of input.
    private func scalar() throws(FastMapError) -> (Unicode.Scalar, Int)? {
        guard let lead = peek() else { return nil }
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        var bytes: [UInt8] = []
        for index in 0..<length {
            guard let byte = peek(index) else { break }
            bytes.append(byte)
        }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard length > 0, bytes.count == length, case .scalarValue(let value) = decoder.decode(&iterator) else {
            throw failure("Invalid UTF-8 in a key.")
        }
        return (value, length)
    }

    // MARK: Numbers

    /// A number token (as Foundation delimits it: a sign, digit, `.`, `I` or `N`, then digits,
    /// `.`, `+`, `-` and ASCII letters), written in strict JSON or as a marker.
    package mutating func number() throws(FastMapError) {
        let start = position
        position += 1
        while let byte = peek(),
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        {
            position += 1
        }
        let token = Array(input[start..<position])
        switch JSON5Number(token, keepsWideHex: lazyNumbers) {
        case .strict(let text):
            for byte in text { emit(byte, from: start) }
        case .kept:
            writeMarker(token, from: start)
        case .invalid:
            guard lazyNumbers else {
                throw failure("Invalid number '\(String(decoding: token, as: UTF8.self))'.", at: start)
            }
            writeMarker(token, from: start)
        }
    }

    private mutating func writeMarker(_ token: [UInt8], from offset: Int) {
        for byte in FM_JSON5_TOKEN_MARKER.utf8 { emit(byte, from: offset) }
        for byte in token {
            emit(UInt8(ascii: "0") + byte / 100, from: offset)
            emit(UInt8(ascii: "0") + byte / 10 % 10, from: offset)
            emit(UInt8(ascii: "0") + byte % 10, from: offset)
        }
    }
}
