internal import CFastMap

extension JSONByteWriter {
    /// The most bytes escaped by one C call: room is made for six output bytes per byte.
    private static var escapedChunkLimit: Int { 512 }

    /// The string's contents without quotes, escaped by `fm_json_escape` (`escape.c`: clean runs
    /// found sixteen bytes at a time and copied, escapes written between them) straight into the
    /// output, with room made for the worst case (six bytes for one): one call for a string of
    /// up to 512 bytes, one per 512 bytes for a longer one (escapes are per byte, so a cut
    /// inside a UTF-8 sequence changes nothing).
    @usableFromInline mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let escapeSlash: Int32 = escapeSlashes ? 1 : 0
        var start = 0
        while start < utf8.count {
            let chunk = min(utf8.count - start, Self.escapedChunkLimit)
            buffer.append(atMost: chunk * 6) { fm_json_escape(base + start, chunk, escapeSlash, $0) }
            start += chunk
        }
    }
}

extension JSONByteWriter {
    /// Writes a member's key and the key-value separator: `"key":` (`"key" : ` pretty printed).
    /// `plain` says the key holds no `"`, `\`, `/` or control character (see ``isPlainKey(_:)``),
    /// so its bytes are copied as they are; any other key is escaped as strings are.
    @inlinable public mutating func writeKey(_ key: StaticString, plain: Bool) {
        if plain && key.hasPointerRepresentation {
            let source = key.utf8Start
            let count = key.utf8CodeUnitCount
            writeQuoted(count: count) { out in
                out.update(from: source, count: count)
                return count
            }
        } else {
            key.withUTF8Buffer { writeString(utf8: $0) }
        }
        keyValueSeparator()
    }

    /// Whether `key` holds nothing a writer escapes under any option: no `"`, `\`, `/` or
    /// control character (what names in code hold).
    @inlinable public static func isPlainKey(_ key: StaticString) -> Bool {
        key.withUTF8Buffer { bytes in
            !bytes.contains { byte in
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
            }
        }
    }
}
