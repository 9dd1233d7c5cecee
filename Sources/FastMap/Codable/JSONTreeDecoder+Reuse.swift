@_spi(FastMapCore) import FastMapCore

extension JSONTreeDecoder {
    /// Points a decoder that finished one streamed element at the next one, as a new decoder
    /// for `root` with the same options would be, keeping what does not depend on the element:
    /// the storage of the coding path and member cursors, the converted keys, the type lookups
    /// and `userInfo`. Saves a streaming call a handful of allocations per element.
    ///
    /// Only for a decoder nothing else holds (checked by the caller with
    /// `isKnownUniquelyReferenced`) whose number texts no `superDecoder()` shares: anything
    /// that kept it could otherwise see the next element.
    package func restart(at root: JSON, sparse: SparseDecodingSession?) {
        document = root.document
        node = root.node
        self.sparse = sparse
        numberTexts.restart(document: root.document)
        path.pop(to: 0)
        // A cursor names its object by address, and the next element's tree may reuse the
        // addresses of this one's.
        for depth in memberCursors.indices { memberCursors[depth] = JSONMemberCursor() }
    }

    /// Lets go of the finished element's tree while the decoder waits for the next one.
    package func park() {
        restart(at: JSON(document: .null), sparse: nil)
    }
}
