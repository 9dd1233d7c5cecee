internal import CFastMap

extension JSONDocument {
    /// Parses `bytes` building only what `schema` keeps. Every byte is still validated: the
    /// errors are the ones ``parse(_:parser:maximumDepth:memoryLimit:usesArena:allowsTrailingCommas:)``
    /// reports for the same text. No memory limit: a sparse document is smaller than a full one,
    /// so a limit would not fail at the same place.
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, allowsTrailingCommas: Bool,
        schema: JSONSparseSchema
    ) throws(FastMapError) -> JSONDocument {
        let result = schema.withTables { tables in
            Result { () throws(FastMapError) -> JSONDocument in
                try parse(
                    bytes, parser: parser, maximumDepth: maximumDepth, memoryLimit: nil,
                    allowsTrailingCommas: allowsTrailingCommas, tables: tables)
            }
        }
        return try result.get()
    }
}
