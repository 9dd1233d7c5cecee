internal import CFastMap
internal import CJansson

/// Where the last in-order member lookup of one object ended (see
/// ``JSONNode/member(_:after:)``). A fresh cursor, or one left by another object, starts at
/// the first member.
package struct JSONMemberCursor {
    fileprivate var raw = fm_member_cursor()

    package init() {}
}

extension JSONNode {
    /// The member named `key`, byte for byte, as ``member(_:)`` finds it — looked for first
    /// among the few members after `cursor`, because a model reads its members in declaration
    /// order, which is usually the document's. Out-of-order and missing keys take jansson's
    /// hash lookup and leave the cursor where it was.
    @inline(__always)
    package func member(_ key: String, after cursor: inout JSONMemberCursor) -> JSONNode? {
        withUnsafeMutablePointer(to: &cursor.raw) { member(key, at: $0) }
    }

    /// ``member(_:after:)`` with the cursor at `cursor`.
    @inline(__always)
    fileprivate func member(_ key: String, at cursor: UnsafeMutablePointer<fm_member_cursor>) -> JSONNode? {
        let found = key.withBorrowedUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                fm_object_member_at_cursor(raw, cursor, chars.baseAddress ?? emptyCString, chars.count)
            }
        }
        return found.map(JSONNode.init)
    }
}

/// One ``JSONMemberCursor`` per depth of a decoder's coding path, in a buffer of its own: read
/// for every member a keyed container looks up, where an array's element access takes a
/// uniqueness check and a copy-on-write branch each time (0.5% of decoding
/// github_events.json).
package final class JSONMemberCursors {
    private var cursors: UnsafeMutablePointer<fm_member_cursor>
    private var count: Int

    /// Fresh cursors for the first few depths (more are added as lookups go deeper).
    package init() {
        count = 16
        cursors = .allocate(capacity: count)
        cursors.initialize(repeating: fm_member_cursor(), count: count)
    }

    deinit {
        cursors.deinitialize(count: count)
        cursors.deallocate()
    }

    /// The member `key` of `object`, as ``JSONNode/member(_:after:)`` finds it after the cursor
    /// of depth `depth` (which it moves).
    @inline(__always)
    package func member(_ key: String, of object: JSONNode, depth: Int) -> JSONNode? {
        precondition(depth >= 0, "a coding path has no negative depth")
        if depth >= count { grow(toHold: depth) }
        // The cursor's own address: no local copy of it (whose address the call would take).
        return object.member(key, at: cursors + depth)
    }

    /// Every cursor fresh, as a new decoder's.
    package func reset() {
        cursors.update(repeating: fm_member_cursor(), count: count)
    }

    @inline(never)
    private func grow(toHold depth: Int) {
        var grown = count
        while grown <= depth { grown *= 2 }
        let larger = UnsafeMutablePointer<fm_member_cursor>.allocate(capacity: grown)
        larger.moveInitialize(from: cursors, count: count)
        (larger + count).initialize(repeating: fm_member_cursor(), count: grown - count)
        cursors.deallocate()
        cursors = larger
        count = grown
    }
}
