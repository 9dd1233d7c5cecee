internal import CFastMap

extension JSONByteWriter {
    /// The string's contents without quotes: each run that needs no escape, found by the C
    /// scanner (`escape.c`, sixteen bytes at a time), copied in one piece, the escapes between
    /// the runs written one by one.
    @usableFromInline mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        let escapeSlash: Int32 = escapeSlashes ? 1 : 0
        var start = 0
        while true {
            let clean = fm_json_clean_prefix(base + start, count - start, escapeSlash)
            if clean > 0 {
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: clean))
            }
            start += clean
            guard start < count else { return }
            writeEscape(base[start])
            start += 1
        }
    }
}
