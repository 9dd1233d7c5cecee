extension JSONNode {
    /// For an object or array of a document parsed with a ``JSONSparseSchema``: 0 when it and
    /// everything below it were built in full, else the mark of the schema node that filtered
    /// it (see ``JSONSparseSchema/keeps(_:mark:)``). Meaningless in any other document.
    package var sparseMark: UInt32 { UInt32(truncatingIfNeeded: tag &>> 40) }
}
