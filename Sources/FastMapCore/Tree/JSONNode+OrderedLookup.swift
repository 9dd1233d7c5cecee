/// Where the last in-order member lookup of one object ended (see
/// ``JSONNode/member(_:after:)``). A fresh cursor, or one left by another object, starts before
/// the first member.
package struct JSONMemberCursor {
    /// The object it belongs to, the key cell of the member found last, and that member's index.
    fileprivate var object: UnsafeRawPointer? = nil
    fileprivate var key: UnsafeRawPointer? = nil
    fileprivate var index = 0

    package init() {}

    fileprivate init(object: UnsafeRawPointer, key: UnsafeRawPointer, index: Int) {
        self.object = object
        self.key = key
        self.index = index
    }
}

extension JSONNode {
    /// The member named `key`, byte for byte, as ``member(_:)`` finds it — looked for first
    /// right after the member `cursor` found last, because a model reads its members in
    /// declaration order, which is usually the document's. A member found anywhere moves the
    /// cursor to it.
    @inline(__always)
    package func member(_ key: String, after cursor: inout JSONMemberCursor) -> JSONNode? {
        key.withBorrowedUTF8 { member(utf8: $0, after: &cursor) }
    }

    @inline(__always)
    fileprivate func member(utf8 key: UnsafeBufferPointer<UInt8>, after cursor: inout JSONMemberCursor) -> JSONNode? {
        guard isObject else { return nil }
        let count = objectCount
        var candidate: JSONNode
        var index: Int
        if cursor.object == address, let last = cursor.key {
            index = cursor.index + 1
            candidate = JSONNode(address: last).following.next
        } else {
            index = 0
            candidate = following
        }
        if index < count && candidate.hasKey(key) {
            cursor = JSONMemberCursor(object: address, key: candidate.address, index: index)
            return candidate.following
        }
        // Out of order, or missing: every member from the first.
        var keyNode = following
        for position in 0..<count {
            let value = keyNode.following
            if keyNode.hasKey(key) {
                cursor = JSONMemberCursor(object: address, key: keyNode.address, index: position)
                return value
            }
            keyNode = value.next
        }
        return nil
    }
}

/// One ``JSONMemberCursor`` per depth of a decoder's coding path, in a buffer of its own: read
/// for every member a keyed container looks up, where an array's element access takes a
/// uniqueness check and a copy-on-write branch each time.
package final class JSONMemberCursors {
    private var cursors: UnsafeMutablePointer<JSONMemberCursor>
    private var count: Int

    /// Fresh cursors for the first few depths (more are added as lookups go deeper).
    package init() {
        count = 16
        cursors = .allocate(capacity: count)
        cursors.initialize(repeating: JSONMemberCursor(), count: count)
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
        return object.member(key, after: &cursors[depth])
    }

    /// Every cursor fresh, as a new decoder's.
    package func reset() {
        cursors.update(repeating: JSONMemberCursor(), count: count)
    }

    @inline(never)
    private func grow(toHold depth: Int) {
        var grown = count
        while grown <= depth { grown *= 2 }
        let larger = UnsafeMutablePointer<JSONMemberCursor>.allocate(capacity: grown)
        larger.moveInitialize(from: cursors, count: count)
        (larger + count).initialize(repeating: JSONMemberCursor(), count: grown - count)
        cursors.deallocate()
        cursors = larger
        count = grown
    }
}
