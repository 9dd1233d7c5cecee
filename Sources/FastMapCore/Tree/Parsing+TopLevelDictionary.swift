extension JSONDocument {
    /// Parses strict JSON whose top-level object may have no braces (`"a": 1, "b": 2`), as
    /// `JSONDecoder.assumesTopLevelDictionary` reads text without JSON5: text whose first
    /// non-white-space byte is `{` is parsed as it is (so `{"a": 1` and `"a": 1}` stay errors),
    /// any other text as the members of an object, and empty text is an empty object.
    ///
    /// Returns the document and, when braces were added, the braced text (what numbers' exact
    /// texts are read from). Errors point into `bytes`, not the braced copy.
    package static func parseAssumingTopLevelDictionary(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, memoryLimit: Int?,
        usesArena: Bool, allowsTrailingCommas: Bool, packsText: Bool = false
    ) throws(FastMapError) -> (JSONDocument, [UInt8]?) {
        func parse(_ text: UnsafeRawBufferPointer) throws(FastMapError) -> JSONDocument {
            try JSONDocument.parse(
                text, parser: parser, maximumDepth: maximumDepth, memoryLimit: memoryLimit, usesArena: usesArena,
                allowsTrailingCommas: allowsTrailingCommas, packsText: packsText)
        }
        // JSON's four white-space bytes, the only ones Foundation skips before the brace.
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if first == UInt8(ascii: "{") { return (try parse(bytes), nil) }
        // The copy is only made for brace-less text, which only this option accepts.
        var braced = [UInt8]()
        braced.reserveCapacity(bytes.count + 2)
        braced.append(UInt8(ascii: "{"))
        braced.append(contentsOf: bytes)
        braced.append(UInt8(ascii: "}"))
        let result = braced.withUnsafeBytes { text in
            Result { () throws(FastMapError) -> JSONDocument in try parse(text) }
        }
        switch result {
        case .success(let document): return (document, braced)
        case .failure(var error):
            if let location = error.location {
                // One byte was added in front; the closing brace maps to the end of the input.
                let offset = min(max(location.offset - 1, 0), bytes.count)
                error.location = JSON5Translator.location(of: offset, in: bytes.bindMemory(to: UInt8.self))
            }
            throw error
        }
    }
}
