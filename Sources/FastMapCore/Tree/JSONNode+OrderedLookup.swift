/// Where the last in-order member lookup of one object ended (see
/// ``JSONNode/member(_:after:)``). A fresh cursor, or one left by another object, starts before
/// the first member.
package struct JSONMemberCursor {
    /// The object it belongs to, the key cell of the member found last, and that member's index.
    fileprivate var object: UnsafeRawPointer? = nil
    fileprivate var key: UnsafeRawPointer? = nil
    fileprivate var index = 0
    /// The members of the last large object read out of order, hashed (built on its first miss).
    fileprivate var table: JSONMemberTable? = nil

    package init() {}

    /// Whether the cursor has built a member table for the object at `address` (for tests).
    package func hasTable(for object: JSONNode) -> Bool { table?.object == object.address }
}

extension JSONNode {
    /// The member named `key` as ``member(matching:)`` finds it — looked for first
    /// right after the member `cursor` found last, because a model reads its members in
    /// declaration order, which is usually the document's. A member found anywhere moves the
    /// cursor to it. An object of more than ``JSONMemberTable/smallestObject`` members that is
    /// read out of order, or asked for a key it lacks, gets its keys hashed on that first miss,
    /// so that a model reading a large object in another order costs one pass over it, not one
    /// per member.
    ///
    /// An object with a non-ASCII key (``hasNonASCIIKeys``) is read as ``member(matching:)``
    /// reads it, without the cursor: two of its keys may be equal as Swift strings.
    @inline(__always)
    package func member(_ key: String, after cursor: inout JSONMemberCursor) -> JSONNode? {
        if hasNonASCIIKeys { return firstEqualMember(key) }
        return key.withBorrowedUTF8 { member(utf8: $0, after: &cursor) }
    }

    /// ``member(_:after:)`` for a key spelled in the source, as generated readers name them: its
    /// bytes are compared where they are, no `String` made.
    @inline(__always)
    package func member(_ key: StaticString, after cursor: inout JSONMemberCursor) -> JSONNode? {
        if hasNonASCIIKeys { return firstEqualMember(key.description) }
        return key.withUTF8Buffer { member(utf8: $0, after: &cursor) }
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
            cursor.object = address
            cursor.key = candidate.address
            cursor.index = index
            return candidate.following
        }
        return memberAfterMiss(key, cursor: &cursor)
    }

    /// Out of order, or missing: the object's table for a large one, every member from the
    /// first for a small one.
    @inline(never)
    private func memberAfterMiss(_ key: UnsafeBufferPointer<UInt8>, cursor: inout JSONMemberCursor) -> JSONNode? {
        if objectCount > JSONMemberTable.smallestObject && objectCount <= JSONMemberTable.largestObject {
            if cursor.table?.object != address {
                let table = cursor.table ?? JSONMemberTable()
                table.hash(self)
                cursor.table = table
            }
            guard let (keyNode, position) = cursor.table?.find(key) else { return nil }
            cursor.object = address
            cursor.key = keyNode.address
            cursor.index = position
            return keyNode.following
        }
        var keyNode = following
        for position in 0..<objectCount {
            let value = keyNode.following
            if keyNode.hasKey(key) {
                cursor.object = address
                cursor.key = keyNode.address
                cursor.index = position
                return value
            }
            keyNode = value.next
        }
        return nil
    }
}

/// One object's keys, hashed: its key cells in member order, and an open-addressing table of
/// positions into them. The hash needs no seed: keys crafted to collide only make a lookup walk
/// the members, as it would without a table.
///
/// For `{"id":1,"name":"x","tags":[]}` (were it large enough), `keys` holds the three key
/// cells' addresses, and `slots` (eight, at least twice the members) holds 1, 2 and 3 — each
/// member's position plus one, at its hash's slot or the next free one after it — and 0 elsewhere.
package final class JSONMemberTable {
    /// Objects of at most this many members are searched from the first member instead: hashing
    /// one costs about as much as a few such searches, and twitter.json's models, which miss in
    /// most of its 25- and 40-member objects, decoded 12% slower (in instructions) with tables
    /// from 17 members on.
    package static let smallestObject = 64
    /// Nor are objects of more members hashed: a table takes 16 bytes or more a member, memory no
    /// limit counts, and a hostile document could ask for one per decode.
    package static let largestObject = 1 << 16

    fileprivate private(set) var object: UnsafeRawPointer? = nil
    private var keys: [UnsafeRawPointer] = []
    private var slots: [UInt32] = []

    /// Hashes the keys of `object` (of at most ``largestObject`` members), reusing this table's
    /// storage.
    fileprivate func hash(_ object: JSONNode) {
        self.object = object.address
        let count = object.objectCount
        // Filled as locals, each class property read and written once (not once a member).
        var keys = self.keys
        var slots = self.slots
        self.keys = []
        self.slots = []
        keys.removeAll(keepingCapacity: true)
        keys.reserveCapacity(count)
        var size = 32
        while size < count * 2 { size *= 2 }
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(0, count: size))
        let mask = size - 1
        var keyNode = object.following
        for position in 0..<count {
            keys.append(keyNode.address)
            var slot = Self.hash(keyNode.textBytes) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(truncatingIfNeeded: position + 1)
            keyNode = keyNode.following.next
        }
        self.keys = keys
        self.slots = slots
    }

    /// The key cell and position of the member named `key`.
    fileprivate func find(_ key: UnsafeBufferPointer<UInt8>) -> (JSONNode, Int)? {
        let keys = self.keys
        let slots = self.slots
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            let keyNode = JSONNode(address: keys[position])
            if keyNode.hasKey(key) { return (keyNode, position) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash &>> 32)
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

    /// ``member(_:of:depth:)`` for a key spelled in the source.
    @inline(__always)
    package func member(_ key: StaticString, of object: JSONNode, depth: Int) -> JSONNode? {
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
