internal import CFastMap

/// Turns JSON5, as Foundation's `JSONDecoder` reads it with `allowsJSON5`, into strict JSON for
/// the normal parsers, remembering for each byte written the input offset it came from (so
/// errors point into the JSON5 text).
///
/// Comments and JSON5 white space are dropped, single-quoted strings and unquoted keys become
/// double-quoted strings, escapes JSON lacks (`\'`, `\xHH`, escaped line breaks) become JSON
/// escapes, trailing commas are dropped, and numbers get their strict spelling (`+1` → `1`,
/// `.5` → `0.5`, `0x1F` → `31`). Tokens strict JSON cannot spell (`Infinity`, `NaN` and, with
/// `lazyNumbers`, malformed numbers that Foundation only rejects when read) are written as
/// marker numbers the tree keeps as text (see `fm_json5_restore_tokens`).
package struct JSON5Translator {
    let input: UnsafeBufferPointer<UInt8>
    package var position = 0
    private(set) var output: [UInt8] = []
    private(set) var origins: [Int] = []
    package let lazyNumbers: Bool
    private let maximumDepth: Int
    private var depth = 0

    init(input: UnsafeBufferPointer<UInt8>, lazyNumbers: Bool, maximumDepth: Int) {
        self.input = input
        self.lazyNumbers = lazyNumbers
        self.maximumDepth = maximumDepth
        output.reserveCapacity(input.count + 16)
        origins.reserveCapacity(input.count + 16)
    }

    /// Translates the whole input: one value, or with `assumesTopLevelDictionary` the members
    /// of an object whose braces may be left out.
    package mutating func translate(assumesTopLevelDictionary: Bool) throws(FastMapError) {
        if assumesTopLevelDictionary {
            try skipSpace()
            if peek() == UInt8(ascii: "{") { try object() } else { try braceLessObject() }
        } else {
            try value()
        }
        try skipSpace()
        if let byte = peek() { throw failure("Unexpected character '\(Self.show(byte))' after the top-level value.") }
    }

    // MARK: Errors

    package func failure(_ message: String, at offset: Int? = nil, kind: FastMapError.Kind = .syntax) -> FastMapError {
        let offset = min(offset ?? position, input.count)
        return FastMapError(kind: kind, message: message, location: Self.location(of: offset, in: input))
    }

    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> FastMapError.SourceLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return FastMapError.SourceLocation(line: line, column: offset - lineStart + 1, offset: offset)
    }

    package static func show(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    // MARK: Reading and writing

    package func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < input.count ? input[position + ahead] : nil
    }

    package mutating func emit(_ byte: UInt8, from offset: Int) {
        output.append(byte)
        origins.append(offset)
    }

    package mutating func emit(_ text: StaticString, from offset: Int) {
        text.withUTF8Buffer { for byte in $0 { emit(byte, from: offset) } }
    }

    /// Skips white space (JSON's, vertical tab and form feed) and comments.
    private mutating func skipSpace() throws(FastMapError) {
        while let byte = peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                position += 2
                while let next = peek(), next != 0x0A, next != 0x0D { position += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let start = position
                position += 2
                while true {
                    guard let next = peek() else { throw failure("Unterminated block comment.", at: start) }
                    if next == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") { break }
                    position += 1
                }
                position += 2
            default:
                return
            }
        }
    }

    private mutating func next() throws(FastMapError) -> UInt8 {
        try skipSpace()
        guard let byte = peek() else { throw failure("Unexpected end of input.") }
        return byte
    }

    // MARK: Values

    private mutating func value() throws(FastMapError) {
        let byte = try next()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): try string(quote: byte)
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "I"),
            UInt8(ascii: "N"), UInt8(ascii: "."):
            try number()
        default: throw failure("Unexpected character '\(Self.show(byte))'.")
        }
    }

    private mutating func literal(_ word: StaticString) throws(FastMapError) {
        let start = position
        let mismatch = word.withUTF8Buffer { bytes in bytes.indices.first { peek($0) != bytes[$0] } }
        if let mismatch { throw failure("Invalid literal: expected \(word).", at: start + mismatch) }
        position += word.utf8CodeUnitCount
        emit(word, from: start)
    }

    private mutating func enter() throws(FastMapError) {
        guard depth < maximumDepth else {
            throw failure(
                "Too many nested arrays or dictionaries (more than \(maximumDepth) levels).", kind: .depthLimit)
        }
        depth += 1
    }

    private mutating func array() throws(FastMapError) {
        try enter()
        defer { depth -= 1 }
        emit(UInt8(ascii: "["), from: position)
        position += 1
        if try next() == UInt8(ascii: "]") {
            emit(UInt8(ascii: "]"), from: position)
            position += 1
            return
        }
        while true {
            try value()
            let separator = try next()
            if separator == UInt8(ascii: ",") {
                let comma = position
                position += 1
                if try next() == UInt8(ascii: "]") {  // a trailing comma
                    emit(UInt8(ascii: "]"), from: position)
                    position += 1
                    return
                }
                emit(UInt8(ascii: ","), from: comma)
            } else if separator == UInt8(ascii: "]") {
                emit(UInt8(ascii: "]"), from: position)
                position += 1
                return
            } else {
                throw failure("Unexpected character '\(Self.show(separator))' in array.")
            }
        }
    }

    private mutating func object() throws(FastMapError) {
        try enter()
        defer { depth -= 1 }
        emit(UInt8(ascii: "{"), from: position)
        position += 1
        if try next() == UInt8(ascii: "}") {
            emit(UInt8(ascii: "}"), from: position)
            position += 1
            return
        }
        while true {
            try member()
            let separator = try next()
            if separator == UInt8(ascii: ",") {
                let comma = position
                position += 1
                if try next() == UInt8(ascii: "}") {  // a trailing comma
                    emit(UInt8(ascii: "}"), from: position)
                    position += 1
                    return
                }
                emit(UInt8(ascii: ","), from: comma)
            } else if separator == UInt8(ascii: "}") {
                emit(UInt8(ascii: "}"), from: position)
                position += 1
                return
            } else {
                throw failure("Unexpected character '\(Self.show(separator))' in object.")
            }
        }
    }

    /// The members of a top-level object written without braces; the input may end after any
    /// member (or its comma), and a `}` is an error.
    private mutating func braceLessObject() throws(FastMapError) {
        try enter()
        defer { depth -= 1 }
        emit(UInt8(ascii: "{"), from: position)
        defer { emit(UInt8(ascii: "}"), from: input.count) }
        try skipSpace()
        while let byte = peek() {
            if byte == UInt8(ascii: "}") { throw failure("Unexpected '}' in a top-level object without braces.") }
            try member()
            try skipSpace()
            guard let separator = peek() else { return }
            guard separator == UInt8(ascii: ",") else {
                throw failure("Unexpected character '\(Self.show(separator))' in object.")
            }
            let comma = position
            position += 1
            try skipSpace()
            guard let following = peek() else { return }
            if following == UInt8(ascii: "}") { throw failure("Unexpected '}' in a top-level object without braces.") }
            emit(UInt8(ascii: ","), from: comma)
        }
    }

    private mutating func member() throws(FastMapError) {
        let byte = try next()
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            try string(quote: byte)
        } else {
            try unquotedKey()
        }
        guard try next() == UInt8(ascii: ":") else { throw failure("Expected ':' after an object key.") }
        emit(UInt8(ascii: ":"), from: position)
        position += 1
        try value()
    }
}
