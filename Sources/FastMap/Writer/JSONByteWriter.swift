import Foundation

/// Writes JSON text into a byte buffer exactly as Foundation does: the escapes, separators,
/// indentation and number forms of `JSONSerialization` and `JSONEncoder`.
struct JSONByteWriter {
    /// How object members are ordered in the output.
    enum KeyOrder {
        /// As stored (document order, or the order a value encoded them).
        case stored
        /// `JSONSerialization`'s `.sortedKeys`: numeric, case-insensitive, forced ordering.
        case serialization
        /// `JSONEncoder`'s `.sortedKeys`: by UTF-8 bytes.
        case utf8
    }

    private(set) var bytes: [UInt8] = []
    let prettyPrinted: Bool
    let escapeSlashes: Bool
    let keyOrder: KeyOrder
    /// Writing stops (leaving a truncated text) once this many bytes are written.
    var budget: Int = .max
    private(set) var indentLevel = 0

    init(prettyPrinted: Bool, escapeSlashes: Bool, keyOrder: KeyOrder, capacity: Int = 256) {
        self.prettyPrinted = prettyPrinted
        self.escapeSlashes = escapeSlashes
        self.keyOrder = keyOrder
        bytes.reserveCapacity(capacity)
    }

    init(options: JSONSerialization.WritingOptions) {
        self.init(
            prettyPrinted: options.contains(.prettyPrinted),
            escapeSlashes: !options.contains(.withoutEscapingSlashes),
            keyOrder: options.contains(.sortedKeys) ? .serialization : .stored)
    }

    var isOverBudget: Bool { bytes.count > budget }

    /// The number of bytes written so far.
    var count: Int { bytes.count }

    /// Drops everything written after the first `count` bytes.
    mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    /// Appends the bytes written at `range` to `buffer`.
    func copyBytes(_ range: Range<Int>, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: bytes[range])
    }

    /// Appends bytes that are already JSON text.
    @inline(__always) mutating func append(contentsOf text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    // MARK: Punctuation

    @inline(__always) mutating func append(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always) mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func beginContainer(_ open: UInt8) {
        bytes.append(open)
        if prettyPrinted {
            indentLevel += 1
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Called before every element or member but the first.
    mutating func separator() {
        bytes.append(UInt8(ascii: ","))
        if prettyPrinted { bytes.append(UInt8(ascii: "\n")) }
    }

    mutating func indent() {
        guard prettyPrinted else { return }
        for _ in 0..<indentLevel { bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " ")) }
    }

    /// Foundation writes empty containers pretty-printed as `{\n\n}`, with the closing
    /// bracket indented like a non-empty one.
    mutating func endContainer(_ close: UInt8) {
        if prettyPrinted {
            indentLevel -= 1
            bytes.append(UInt8(ascii: "\n"))
            indent()
        }
        bytes.append(close)
    }

    mutating func keyValueSeparator() {
        if prettyPrinted { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
    }

    // MARK: Scalars

    mutating func writeNull() { append("null") }

    mutating func writeBool(_ value: Bool) {
        if value { append("true") } else { append("false") }
    }

    mutating func writeInteger<T: BinaryInteger>(_ value: T) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        // Digits are produced backwards into a small stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var position = 40
            var magnitude = value.magnitude
            while magnitude != 0 {
                let digit = UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                position -= 1
                buffer[position] = UInt8(ascii: "0") + digit
            }
            if value < 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<40]))
        }
    }

    /// Shortest round-trip form, as Foundation writes it: Swift's `description` without a
    /// trailing `.0` (`0.1`, `1e+300`, `1e-07`, `100`, `-0`).
    mutating func writeDouble(_ value: Double) {
        writeFloatingPointDescription(value.description)
    }

    mutating func writeFloat(_ value: Float) {
        writeFloatingPointDescription(value.description)
    }

    /// ``writeDouble(_:)`` or ``writeFloat(_:)`` for either type.
    @inline(__always)
    mutating func writeFloatingPoint<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) {
        writeFloatingPointDescription(value.description)
    }

    private mutating func writeFloatingPointDescription(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count >= 2 && utf8[count - 2] == UInt8(ascii: ".") && utf8[count - 1] == UInt8(ascii: "0") {
                count -= 2
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<count]))
        }
    }

    /// Writes raw text (used for Decimal, which Foundation writes from its description).
    mutating func writeRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Escapes `"`, `\`, `/` (unless disabled) and control characters; everything else,
    /// including DEL and non-ASCII text, is copied as is.
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            let needsEscape =
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (byte == UInt8(ascii: "/") && escapeSlashes)
            if !needsEscape {
                index += 1
                continue
            }
            if runStart < index {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                append("u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
            index += 1
            runStart = index
        }
        if runStart < count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Key ordering

    /// Orders keys as the writer's `keyOrder` says.
    func ordered<Value>(_ members: [(key: String, value: Value)]) -> [(key: String, value: Value)] {
        switch keyOrder {
        case .stored:
            return members
        case .utf8:
            return members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        case .serialization:
            let locale = Locale(identifier: "")
            return members.sorted {
                $0.key.compare(
                    $1.key, options: [.numeric, .caseInsensitive, .forcedOrdering], range: nil,
                    locale: locale) == .orderedAscending
            }
        }
    }
}
