internal import CFastMap

/// Owns one FastMap document's memory (`fm_doc`): the cells and bytes of every value written
/// into it, freed in one step with it.
///
/// `@unchecked Sendable`: `raw` never changes; the C side writes into the document only on the
/// one thread building its values (the parse call, or the thread driving a `StreamingParser`),
/// never moving a cell of a value already handed out, and the document is freed once, in
/// `deinit`, after every `JSONDocument` holding it is gone.
package final class JSONArena: @unchecked Sendable {
    let raw: OpaquePointer

    /// A new document whose memory may grow to `memoryLimit` bytes (nil: no limit).
    init?(memoryLimit: Int?) {
        let limit = memoryLimit.map { max(0, $0) } ?? Int(bitPattern: UInt.max)
        guard let raw = fm_doc_create(limit) else { return nil }
        self.raw = raw
    }

    /// Takes over a document created on the C side (by the streaming parser).
    init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    deinit {
        fm_doc_free(raw)
    }

    /// Bytes the document holds.
    package var size: Int { fm_doc_size(raw) }
}
