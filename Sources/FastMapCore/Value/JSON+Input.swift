extension JSON {
    /// Parses lent input (``JSONInput``), as ``init(bytes:options:)-(Bytes,_)`` parses
    /// contiguous bytes: the front ends' way in, so that they never hold the bytes' address.
    package init(input: JSONInput, options: ReadingOptions = ReadingOptions()) throws(FastMapError) {
        self = try Self.parse(input.bytes, options: options)
    }
}
