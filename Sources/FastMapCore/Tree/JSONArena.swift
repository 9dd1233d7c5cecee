internal import CFastMap

/// Owns a bump allocator holding every node of one parsed tree; freeing it frees the tree
/// in one step instead of a `json_decref` walk over every node.
package final class JSONArena: @unchecked Sendable {
    package let raw: OpaquePointer

    package init?(expectedBytes: Int) {
        guard let raw = fm_arena_create(expectedBytes) else { return nil }
        self.raw = raw
    }

    /// Takes over an arena created on the C side (by the streaming parser).
    package init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    deinit {
        fm_arena_destroy(raw)
    }

    /// Bytes reserved by the arena.
    package var size: Int { fm_arena_size(raw) }
}
