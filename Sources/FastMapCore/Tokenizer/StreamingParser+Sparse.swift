internal import CFastMap

extension StreamingParser {
    /// Builds the elements with only what a schema keeps: before each feed the parser asks
    /// `source` for the schema to use (nil: build in full), and the elements that start from
    /// then on are built by it, each carrying it and its text in ``StreamedElement/filter``.
    /// A schema changes only between elements. Array mode only (lines are always built in
    /// full); set before the first feed.
    package func filter(by source: @escaping @Sendable () -> JSONSparseSchema?) {
        guard !mode.isLines else { return }
        schemaSource = source
    }

    /// Hands the builder the source's schema, when it changed and no element is open.
    func updateSchema() {
        let wanted = schemaSource?()
        guard wanted !== schema else { return }
        let applied =
            if let wanted {
                wanted.withTables { fm_stream_set_sparse(stream, $0) }
            } else {
                fm_stream_set_sparse(stream, nil)
            }
        guard applied != 0 else { return }
        if schema == nil { texts = StreamedTextKeeper(from: bytesRead) }
        schema = wanted
    }
}
