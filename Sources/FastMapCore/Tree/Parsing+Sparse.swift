internal import CFastMap

extension JSONDocument {
    /// Parses `bytes` building only what `schema` keeps (the yajl and simdjson engines; any other
    /// parser is parsed with yajl). Every byte is still validated: the errors are the ones
    /// ``parse(_:parser:maximumDepth:memoryLimit:usesArena:compactsWhiteSpace:allowsTrailingCommas:)``
    /// reports for the same text. No memory limit: a sparse tree is smaller than a full one, so
    /// a limit would not fail at the same place.
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, allowsTrailingCommas: Bool,
        schema: JSONSparseSchema
    ) throws(FastMapError) -> JSONDocument {
        var document = fm_document()
        var error = fm_parse_error()
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? emptyCString
        let depth = max(0, maximumDepth)
        let arena = JSONArena(expectedBytes: bytes.count)
        let flags = allowsTrailingCommas ? Int32(FM_DIALECT_TRAILING_COMMAS.rawValue) : 0
        let engine = parser == .simdjson ? FM_ENGINE_SIMDJSON : FM_ENGINE_YAJL
        let status = schema.withTables { tables in
            fm_parse_sparse(base, bytes.count, engine, depth, arena?.raw, flags, tables, &document, &error)
        }
        guard status == 0, let root = document.root else {
            throw FastMapError(parseError: error)
        }
        return JSONDocument(
            owning: JSONNode(root), depth: depth, arena: document.in_arena != 0 ? arena : nil,
            realsAreExact: document.reals_are_exact != 0, zerosArePlain: document.zeros_are_plain != 0)
    }
}
