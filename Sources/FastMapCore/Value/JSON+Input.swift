extension JSON {
    /// Parses lent input (``JSONInput``), as ``init(bytes:options:)-(Bytes,_)`` parses
    /// contiguous bytes: the front ends' way in, so that they never hold the bytes' address. The
    /// decoders read the value and drop it, so its document keeps its whole copy of the text
    /// rather than pay to pack it (`fm_doc_pack_text`).
    package init(input: JSONInput, options: ReadingOptions = ReadingOptions()) throws(FastMapError) {
        self = try Self.parse(input.bytes, options: options, packsText: false)
    }
}
