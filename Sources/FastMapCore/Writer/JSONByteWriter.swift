import Foundation

/// Writes JSON text into a byte buffer exactly as Foundation does: the escapes, separators,
/// indentation and number forms of `JSONSerialization` and `JSONEncoder`.
@_spi(FastMapCore) public struct JSONByteWriter {
    /// How object members are ordered in the output.
    public enum KeyOrder {
        /// As stored (document order, or the order a value encoded them).
        case stored
        /// `JSONSerialization`'s `.sortedKeys`: numeric, case-insensitive, forced ordering.
        case serialization
        /// `JSONEncoder`'s `.sortedKeys`: by UTF-8 bytes.
        case utf8
    }

    // Public to the `FastMapCore` SPI (not to users) so the small writers below can be
    // @inlinable: the coders in FastMap call them per value, and this toolchain neither inlines
    // nor specializes an @inlinable `package` declaration in another module, so an opaque,
    // unspecialized generic call there halved encoding speed.
    /// Where the text goes (see ``JSONByteBuffer``).
    public let buffer: JSONByteBuffer
    /// The text written so far (a copy).
    public var bytes: [UInt8] { buffer.array }
    /// Whether containers are written over several indented lines (`.prettyPrinted`).
    public let prettyPrinted: Bool
    /// Whether `/` is written as `\/` (Foundation's default).
    public let escapeSlashes: Bool
    /// How object members are ordered.
    public let keyOrder: KeyOrder
    /// Writing stops (leaving a truncated text) once this many bytes are written.
    public var budget: Int = .max
    @usableFromInline var indentLevel = 0

    /// A writer with the given output settings and an initial capacity in bytes.
    public init(prettyPrinted: Bool, escapeSlashes: Bool, keyOrder: KeyOrder, capacity: Int = 256) {
        self.prettyPrinted = prettyPrinted
        self.escapeSlashes = escapeSlashes
        self.keyOrder = keyOrder
        buffer = JSONByteBuffer(capacity: capacity)
    }

    /// A writer with `JSONSerialization`'s output settings.
    public init(options: JSONSerialization.WritingOptions) {
        self.init(
            prettyPrinted: options.contains(.prettyPrinted),
            escapeSlashes: !options.contains(.withoutEscapingSlashes),
            keyOrder: options.contains(.sortedKeys) ? .serialization : .stored)
    }

    /// Whether more than ``budget`` bytes were written.
    @inlinable public var isOverBudget: Bool { buffer.count > budget }

    /// The number of bytes written so far.
    @inlinable public var count: Int { buffer.count }

    /// The text written so far.
    public var text: String { buffer.text }

    /// Drops everything written after the first `count` bytes.
    @inlinable public mutating func truncate(to count: Int) {
        buffer.truncate(to: count)
    }

    /// Appends the bytes written at `range` to `scratch`.
    @inlinable public func copyBytes(_ range: Range<Int>, into scratch: inout [UInt8]) {
        buffer.withWritten { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Appends the bytes at `range` of `text`, which are already JSON text (a learned key with
    /// its separators, or members moved within the output): copied straight from `text`'s
    /// buffer, which measured 2–7% faster on encoding github_events.json than appending a slice
    /// of it (`FastMapBenchmarks --filter "encode models github" --loop FastJSONEncoder 20000x`).
    @inlinable public mutating func append(_ text: [UInt8], _ range: Range<Int>) {
        text.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    // MARK: Punctuation

    /// Appends one byte of JSON text.
    @inlinable public mutating func append(_ byte: UInt8) { buffer.append(byte) }

    /// Appends static JSON text (a literal such as `null`).
    @inlinable public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append($0) }
    }

    /// Opens an array or object (`open` is `[` or `{`).
    @inlinable public mutating func beginContainer(_ open: UInt8) {
        buffer.append(open)
        if prettyPrinted {
            indentLevel += 1
            buffer.append(UInt8(ascii: "\n"))
        }
    }

    /// Called before every element or member but the first.
    @inlinable @inline(__always) public mutating func separator() {
        buffer.append(UInt8(ascii: ","))
        if prettyPrinted { buffer.append(UInt8(ascii: "\n")) }
    }

    /// Writes the current indentation when pretty printing.
    @inlinable @inline(__always) public mutating func indent() {
        if prettyPrinted { writeIndentation() }
    }

    /// Two spaces a level, out of line: only pretty printing gets here.
    @usableFromInline mutating func writeIndentation() {
        for _ in 0..<indentLevel { buffer.append(UInt8(ascii: " ")); buffer.append(UInt8(ascii: " ")) }
    }

    /// Foundation writes empty containers pretty-printed as `{\n\n}`, with the closing
    /// bracket indented like a non-empty one.
    @inlinable public mutating func endContainer(_ close: UInt8) {
        if prettyPrinted {
            indentLevel -= 1
            buffer.append(UInt8(ascii: "\n"))
            indent()
        }
        buffer.append(close)
    }

    /// Writes `:` (`" : "` when pretty printing, as Foundation does).
    @inlinable @inline(__always) public mutating func keyValueSeparator() {
        if prettyPrinted { append(" : ") } else { buffer.append(UInt8(ascii: ":")) }
    }

    // MARK: Scalars

    /// Writes `null`.
    @inlinable public mutating func writeNull() { append("null") }

    /// Writes `true` or `false`.
    @inlinable public mutating func writeBool(_ value: Bool) {
        if value { append("true") } else { append("false") }
    }

    /// Writes an integer in decimal (any width, including 128-bit).
    @inlinable public mutating func writeInteger<T: BinaryInteger>(_ value: T) {
        if value == 0 {
            buffer.append(UInt8(ascii: "0"))
            return
        }
        // Digits are produced backwards into a small stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var position = 40
            var magnitude = value.magnitude
            while magnitude != 0 {
                let digit = UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                position -= 1
                digits[position] = UInt8(ascii: "0") + digit
            }
            if value < 0 {
                position -= 1
                digits[position] = UInt8(ascii: "-")
            }
            buffer.append(UnsafeBufferPointer(rebasing: digits[position..<40]))
        }
    }

    /// Shortest round-trip form, as Foundation writes it: Swift's `description` without a
    /// trailing `.0` (`0.1`, `1e+300`, `1e-07`, `100`, `-0`).
    public mutating func writeDouble(_ value: Double) {
        writeShortestNumber(value)
    }

    /// ``writeDouble(_:)`` for a `Float`, in its own shortest form.
    public mutating func writeFloat(_ value: Float) {
        writeShortestNumber(value)
    }

    /// ``writeDouble(_:)`` or ``writeFloat(_:)`` for either type.
    @inlinable
    public mutating func writeFloatingPoint<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) {
        // Folded away per specialization: Double and Float go to the digit writer, any other
        // type (Float16, Float80) through its description.
        if F.self == Double.self {
            writeDouble(identityCast(value, to: Double.self))
        } else if F.self == Float.self {
            writeFloat(identityCast(value, to: Float.self))
        } else {
            writeFloatingPointDescription(value.description)
        }
    }

    @usableFromInline mutating func writeFloatingPointDescription(_ text: String) {
        text.withBorrowedUTF8 { utf8 in
            var count = utf8.count
            if count >= 2 && utf8[count - 2] == UInt8(ascii: ".") && utf8[count - 1] == UInt8(ascii: "0") {
                count -= 2
            }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[0..<count]))
        }
    }

    /// Writes raw text (used for Decimal, which Foundation writes from its description).
    public mutating func writeRaw(_ text: String) {
        text.withBorrowedUTF8 { buffer.append($0) }
    }

    /// Writes `string` quoted and escaped as Foundation does.
    public mutating func writeString(_ string: String) {
        string.withBorrowedUTF8 { writeString(utf8: $0) }
    }

    /// Escapes `"`, `\`, `/` (unless disabled) and control characters; everything else,
    /// including DEL and non-ASCII text, is copied as is.
    @inlinable public mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        buffer.append(UInt8(ascii: "\""))
        writeEscaped(utf8)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Writes `uuid.uuidString` quoted, straight into the buffer (its text needs no escape).
    public mutating func writeUUID(_ uuid: UUID) {
        writeQuoted(count: 36) { JSONUUIDText.write(uuid, into: $0) }
    }

    /// Writes `date` as `JSONEncoder`'s `.iso8601` does, quoted, straight into the buffer, when
    /// it is a whole second of the years 1600 through 9999; returns false, writing nothing,
    /// for any other date (see `JSONDateText.wholeSecondISO8601`).
    public mutating func writeWholeSecondISO8601(_ date: Date) -> Bool {
        guard JSONDateText.isWholeSecondISO8601(date) else { return false }
        writeQuoted(count: 20) { JSONDateText.writeWholeSecondISO8601(date, into: $0) }
        return true
    }

    /// Writes text that needs no escape, `count` bytes from `write`, between quotes.
    @inlinable mutating func writeQuoted(count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        buffer.append(atMost: count + 2) { out in
            out[0] = UInt8(ascii: "\"")
            let written = write(out + 1)
            out[written + 1] = UInt8(ascii: "\"")
            return written + 2
        }
    }

    // MARK: Key ordering

    /// Orders keys as the writer's `keyOrder` says.
    public func ordered<Value>(_ members: [(key: String, value: Value)]) -> [(key: String, value: Value)] {
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
