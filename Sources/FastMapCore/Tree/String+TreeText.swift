extension String {
    /// The text of a string node or member name, made without validating its UTF-8 again.
    ///
    /// Every string in a FastMap tree is valid UTF-8, so `String(decoding:as:)`'s validation
    /// would only repeat work: the yajl builder checks each string strictly
    /// (`fm_utf8_validate`), simdjson checks the whole input before the walk, jansson's loader
    /// checks its own, escapes decode to valid UTF-8 or fail the parse, and nodes built in code
    /// come from Swift strings. For non-ASCII text that second validation was most of the cost
    /// of making the string (a third of the string-heavy gsoc-2018.json's string time). The
    /// ASCII test stays: a string not flagged ASCII hashes and compares many times slower.
    /// Debug builds check the invariant on every string.
    @inline(__always)
    init(treeUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        assert(String(validating: bytes, as: UTF8.self) != nil, "FastMap: a tree string is not valid UTF-8")
        self.init(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: Self.isASCII(bytes)))
    }

    /// Whether no byte has its high bit set, eight bytes at a time.
    @inline(__always)
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var seen: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            seen |= UInt64(base[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }
}
