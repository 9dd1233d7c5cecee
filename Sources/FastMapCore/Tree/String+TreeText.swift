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

    /// Whether no byte has its high bit set: 32 bytes a step in four independent words (long
    /// prose was bound by one chain of loads), then 8, and the last few bytes as the final 8
    /// (overlapping bytes already seen) instead of one at a time. Strings of up to 15 bytes are
    /// answered `false` unread: a 64-bit `String` keeps them inline and works their flag out
    /// itself, and `false` only ever means "not known to be ASCII".
    @inline(__always)
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 15 else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var seen: UInt64 = 0
        var index = 0
        if count >= 32 {
            var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            while index &+ 32 <= count {
                a |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                b |= raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
                c |= raw.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self)
                d |= raw.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
                index &+= 32
            }
            seen = a | b | c | d
        }
        while index &+ 8 <= count {
            seen |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        seen |= raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        return seen & 0x8080_8080_8080_8080 == 0
    }
}

extension String {
    /// Runs `body` with the string's UTF-8, borrowed where the string has it contiguous (a
    /// native or small string: a coding key's) and from a contiguous copy otherwise. `withUTF8`
    /// takes the string `inout`, so each call copied it, a retain and a release of its storage
    /// (1.4% of decoding github_events.json, a lookup per member read).
    @inline(__always)
    func withBorrowedUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
