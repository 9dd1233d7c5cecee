internal import CFastMap

extension JSONByteWriter {
    /// Strings up to this long are escaped by one C call straight into the output.
    private static var escapedInPlaceLimit: Int { 512 }

    /// The string's contents without quotes. A string of up to 512 bytes goes through one C
    /// call (`fm_json_escape`, `escape.c`: clean runs found sixteen bytes at a time and copied,
    /// escapes written between them) straight into the output, with room made for the worst
    /// case (six bytes for one); a longer one run by run, each clean run copied in one piece.
    @usableFromInline mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        let escapeSlash: Int32 = escapeSlashes ? 1 : 0
        if count <= Self.escapedInPlaceLimit {
            buffer.append(atMost: count * 6) { fm_json_escape(base, count, escapeSlash, $0) }
            return
        }
        var start = 0
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
