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

    /// A new document without a memory limit and a writer into it, which the caller frees
    /// (`fm_writer_free`) once the value is written; nil, with nothing left allocated, when memory
    /// runs out. For the values written in code: built, copied, taken from jansson.
    static func makeWithWriter() -> (arena: JSONArena, writer: OpaquePointer)? {
        // When the writer cannot be made, the arena's deinit frees the document.
        guard let arena = JSONArena(memoryLimit: nil), let writer = fm_writer_create(arena.raw) else { return nil }
        return (arena, writer)
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
