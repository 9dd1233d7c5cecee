import Foundation

extension JSON: CustomStringConvertible, CustomDebugStringConvertible {
    /// The deepest nesting ``data(options:)`` writes: Foundation's nesting limit, so every
    /// document parsed with the default options can be written. Deeper trees (only buildable
    /// by nesting values in code) throw instead of exhausting the stack.
    public static let maximumWritingDepth = 512

    /// The value as JSON text, byte for byte what `JSONSerialization.data(withJSONObject:options:)`
    /// writes for the same value and options (numbers in shortest round-trip form, `/` escaped
    /// unless `.withoutEscapingSlashes`). Members keep document order unless `.sortedKeys`.
    /// - Throws: ``FastMapError`` of kind `depthLimit` for trees nested deeper than
    ///   ``maximumWritingDepth``.
    public func data(options: JSONSerialization.WritingOptions = []) throws(FastMapError) -> Data {
        try written(options: options).buffer.takeData()
    }

    /// Like ``data(options:)``, as an array of bytes.
    public func bytes(options: JSONSerialization.WritingOptions = []) throws(FastMapError) -> [UInt8] {
        try written(options: options).bytes
    }

    /// A writer holding the value's text: `data` takes its buffer over, `bytes` and `description`
    /// copy it once.
    private func written(options: JSONSerialization.WritingOptions) throws(FastMapError) -> JSONByteWriter {
        var writer = JSONByteWriter(options: options)
        try write(node, to: &writer, depth: 0)
        return writer
    }

    /// The compact JSON text.
    public var description: String {
        do {
            return try written(options: []).text
        } catch {
            return "<JSON nested deeper than \(JSON.maximumWritingDepth) levels>"
        }
    }

    /// The compact JSON text.
    public var debugDescription: String { description }

    /// Compact JSON text cut to about `limit` bytes (with `…` when cut), for error messages.
    package func snippet(limit: Int = 40) -> String {
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: false, keyOrder: .stored)
        writer.budget = limit
        try? write(node, to: &writer, depth: 0)
        return writer.buffer.withWritten { written in
            guard written.count > limit else { return String(decoding: written, as: UTF8.self) }
            var cut = limit
            // Do not split a UTF-8 sequence.
            while cut > 0 && written[cut] & 0xC0 == 0x80 { cut -= 1 }
            return String(decoding: written[..<cut], as: UTF8.self) + "…"
        }
    }

    private func write(_ node: JSONNode, to writer: inout JSONByteWriter, depth: Int) throws(FastMapError) {
        if writer.isOverBudget { return }
        switch node.kind {
        case .null: writer.writeNull()
        case .bool: writer.writeBool(node.isTrue)
        case .string: writer.writeString(utf8: node.stringBytes)
        case .number:
            switch JSON(document: document, node: node).number {
            case .integer(let value): writer.writeInteger(value)
            case .unsigned(let value): writer.writeInteger(value)
            case .double(let value): writer.writeDouble(value)
            case .text(let text):
                guard KeptNumber.isJSONNumber(text) else {  // JSON5's Infinity and NaN
                    throw FastMapError(kind: .invalidValue, message: "\(text) cannot be written as a JSON number.")
                }
                writer.writeRaw(text)  // as it was read
            case nil: writer.writeNull()
            }
        case .array:
            guard depth < JSON.maximumWritingDepth else { throw FastMapError.writingTooDeep() }
            writer.beginContainer(UInt8(ascii: "["))
            var first = true
            try node.forEachElement { (child) throws(FastMapError) in
                if !first { writer.separator() }
                first = false
                writer.indent()
                try write(child, to: &writer, depth: depth + 1)
            }
            writer.endContainer(UInt8(ascii: "]"))
        case .object:
            guard depth < JSON.maximumWritingDepth else { throw FastMapError.writingTooDeep() }
            writer.beginContainer(UInt8(ascii: "{"))
            var first = true
            if writer.keyOrder == .stored {
                try node.forEachMember { (key, value) throws(FastMapError) in
                    if !first { writer.separator() }
                    first = false
                    writer.indent()
                    writer.writeString(utf8: key)
                    writer.keyValueSeparator()
                    try write(value, to: &writer, depth: depth + 1)
                }
            } else {
                for (key, value) in writer.ordered(node.members) {
                    if !first { writer.separator() }
                    first = false
                    writer.indent()
                    writer.writeString(key)
                    writer.keyValueSeparator()
                    try write(value, to: &writer, depth: depth + 1)
                }
            }
            writer.endContainer(UInt8(ascii: "}"))
        }
    }
}
