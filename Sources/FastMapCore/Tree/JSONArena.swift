internal import CFastMap

/// Owns a bump allocator holding every node of one parsed tree; freeing it frees the tree
/// in one step instead of a `json_decref` walk over every node.
///
/// `@unchecked Sendable`: `raw` never changes; the C side allocates into the arena only on the
/// one thread building its trees (the parse call, or the thread driving a `StreamingParser`),
/// without moving nodes already handed out, and the arena is destroyed once, in `deinit`,
/// after every document holding it is gone.
package final class JSONArena: @unchecked Sendable {
    let raw: OpaquePointer

    package init?(expectedBytes: Int) {
        guard let raw = fm_arena_create(expectedBytes) else { return nil }
        self.raw = raw
    }

    /// Takes over an arena created on the C side (by the streaming parser).
    init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    deinit {
        fm_arena_destroy(raw)
    }

    /// Bytes reserved by the arena.
    package var size: Int { fm_arena_size(raw) }
}
