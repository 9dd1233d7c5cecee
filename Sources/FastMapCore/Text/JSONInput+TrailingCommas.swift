internal import CFastMap

extension JSONInput {
    /// Calls `body` with this input, or, when it holds a trailing comma (`[1,]`, `{"a":1,}`),
    /// with a copy in which every trailing comma is a space: the text the whole-document parse
    /// reads once trailing commas are allowed (`fm_blank_trailing_commas`), of the same length
    /// and line breaks, so offsets, lines and columns stay those of this input. The streaming
    /// parser, which is strict, can then read a document that allows them. Input without one
    /// (almost all) is only scanned, not copied.
    package func withTrailingCommasBlanked<Result>(_ body: (JSONInput) throws -> Result) rethrows -> Result {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            fm_has_trailing_comma(base, bytes.count) != 0
        else { return try body(self) }
        var copy = [UInt8](bytes)
        copy.withUnsafeMutableBufferPointer { text in
            _ = fm_blank_trailing_commas(text.baseAddress, text.count)
        }
        return try copy.withUnsafeBytes { try body(JSONInput($0)) }
    }
}
