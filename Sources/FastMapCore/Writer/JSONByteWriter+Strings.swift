internal import CFastMap

extension JSONByteWriter {
    /// Strings whose escaped rest is at most this long are escaped on the stack in one call.
    private static var escapedOnStackLimit: Int { 512 }

    /// The string's contents without quotes: the run before the first escape, found by the C
    /// scanner (`escape.c`, sixteen bytes at a time), copied in one piece; the rest escaped by
    /// one C call (`fm_json_escape`), or, for a very long rest, run by run.
    @usableFromInline mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        let escapeSlash: Int32 = escapeSlashes ? 1 : 0
        var start = fm_json_clean_prefix(base, count, escapeSlash)
        if start > 0 { buffer.append(UnsafeBufferPointer(start: base, count: start)) }
        guard start < count else { return }
        if count - start <= Self.escapedOnStackLimit {
            // The rest, escaped in one C call into a stack buffer with room for the worst
            // case (six bytes for one), then appended in one piece.
            let rest = count - start
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rest * 6) { escaped in
                let written = fm_json_escape(base + start, rest, escapeSlash, escaped.baseAddress)
                buffer.append(UnsafeBufferPointer(rebasing: escaped[..<written]))
            }
            return
        }
        while true {
            let clean = fm_json_clean_prefix(base + start, count - start, escapeSlash)
            if clean > 0 {
                buffer.append(UnsafeBufferPointer(start: base + start, count: clean))
            }
            start += clean
            guard start < count else { return }
            writeEscape(base[start])
            start += 1
        }
    }
}
