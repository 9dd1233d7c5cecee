extension StaticString {
    /// The address of a string literal's UTF-8 bytes, or nil for a literal held as one Unicode
    /// scalar. A literal's bytes are constant and live as long as the program, so two literals
    /// at one address hold the same bytes: a cache can recognize a literal it has seen by one
    /// comparison instead of its bytes.
    @_spi(FastMapCore) @inlinable public var address: UInt? {
        hasPointerRepresentation ? UInt(bitPattern: utf8Start) : nil
    }
}
