internal import CFastMap

/// A frozen ``JSONSparseShape``: what a sparse parse builds (handed to the C builder as flat
/// tables) and, for the decoder, which keys each filtered container kept.
///
/// Containers of a sparse document carry a mark (``JSONNode/sparseMark``): 0 when built in
/// full, else 1 + the index of the schema node that filtered them, which ``keeps(_:mark:)``
/// reads.
///
/// `@unchecked Sendable`: immutable after `init`; the C tables it owns are only read (by any
/// number of parses at once) and freed in `deinit`, after every parse using it has returned.
package final class JSONSparseSchema: @unchecked Sendable {
    private struct Node {
        var keepsAll: Bool
        var keepsEveryMember: Bool
        /// In the shape's ``JSONSparseShape/memberOrder``, which numbers them for the builder.
        var members: [(key: String, child: UInt32)]
        var element: UInt32
    }

    private let nodes: [Node]
    /// The shared node for elements nobody read, if any array needed it.
    private let emptyIndex: UInt32?
    private let cNodes: UnsafeMutableBufferPointer<fm_sparse_node>
    private let cMembers: UnsafeMutableBufferPointer<fm_sparse_member>
    /// Every node's hash slots (see `fm_sparse_node` in fastmap_sparse.h).
    private let cSlots: UnsafeMutableBufferPointer<UInt64>
    private let keyBytes: UnsafeMutableRawBufferPointer

    /// Freezes `shape` (the root's).
    package init(_ shape: JSONSparseShape) {
        // Breadth-first numbering: index 0 is the root; one shared empty node stands for the
        // elements of arrays whose elements nobody read (their containers are built empty).
        var order: [JSONSparseShape] = [shape]
        var nodes: [Node] = []
        let empty = JSONSparseShape()
        var emptyIndex: UInt32? = nil
        var cursor = 0
        var keyTotal = 0
        var memberTotal = 0
        while cursor < order.count {
            let current = order[cursor]
            cursor += 1
            var node = Node(
                keepsAll: current.keepsAll, keepsEveryMember: current.keepsEveryMember, members: [], element: 0)
            for key in current.memberOrder {
                node.members.append((key, UInt32(order.count)))
                order.append(current.members[key]!)
                keyTotal += key.utf8.count
                memberTotal += 1
            }
            if let element = current.element {
                node.element = UInt32(order.count)
                order.append(element)
            } else if current !== empty {
                if emptyIndex == nil {
                    emptyIndex = UInt32(order.count)
                    order.append(empty)
                }
                node.element = emptyIndex!
            } else {
                node.element = UInt32(cursor - 1)
            }
            nodes.append(node)
        }
        self.nodes = nodes
        self.emptyIndex = emptyIndex
        cNodes = .allocate(capacity: max(1, nodes.count))
        cMembers = .allocate(capacity: max(1, memberTotal))
        let slotCounts = nodes.map { Self.slotCount(members: $0.members.count) }
        cSlots = .allocate(capacity: slotCounts.reduce(0, +))
        cSlots.initialize(repeating: 0)
        keyBytes = .allocate(byteCount: max(1, keyTotal), alignment: 1)
        var memberIndex = 0
        var keyOffset = 0
        var slotIndex = 0
        for (index, node) in nodes.enumerated() {
            let first = memberIndex
            let slotMask = UInt32(slotCounts[index] - 1)
            var keySignatures: UInt64 = 0
            for (key, child) in node.members {
                let start = keyBytes.baseAddress! + keyOffset
                let bytes = start.assumingMemoryBound(to: UInt8.self)
                let count = key.utf8.count
                UnsafeMutableRawBufferPointer(start: start, count: count).copyBytes(from: key.utf8)
                keySignatures |= fm_sparse_key_signature(bytes, count)
                cMembers[memberIndex] = fm_sparse_member(
                    key: start.assumingMemoryBound(to: CChar.self), length: count, child: child)
                // Into the first free slot from the key's hash (keys are distinct).
                let hash = fm_sparse_key_hash(bytes, count)
                var at = hash & slotMask
                while cSlots[slotIndex + Int(at)] != 0 { at = (at &+ 1) & slotMask }
                cSlots[slotIndex + Int(at)] = UInt64(hash) << 32 | UInt64(memberIndex + 1)
                memberIndex += 1
                keyOffset += count
            }
            cNodes[index] = fm_sparse_node(
                keep_all: node.keepsAll ? 1 : 0, element: node.element, first_member: UInt32(first),
                member_count: UInt32(memberIndex - first), key_signatures: keySignatures,
                first_slot: UInt32(slotIndex), slot_mask: slotMask, every_member: node.keepsEveryMember ? 1 : 0,
                other_spellings: node.members.contains(where: \.key.hasOtherSpellings) ? 1 : 0)
            slotIndex += slotCounts[index]
        }
    }

    /// A power of two at least twice `members` (and at least 2), so a search always meets a
    /// free slot.
    private static func slotCount(members: Int) -> Int {
        var count = 2
        while count < 2 * members { count *= 2 }
        return count
    }

    deinit {
        cNodes.deallocate()
        cMembers.deallocate()
        cSlots.deallocate()
        keyBytes.deallocate()
    }

    /// Whether the schema keeps the whole document (then a sparse parse is a full one).
    package var keepsAll: Bool { nodes[0].keepsAll }

    /// Whether the container marked `mark` (non-zero) kept the member `key` when present: a
    /// missing kept key is missing from the document too.
    ///
    /// Asked for every optional member a model finds missing, so it is the builder's own lookup
    /// (a signature bit, then the node's hash slots) rather than a Swift dictionary
    /// (4% of a decode of github_events.json, whose payloads miss most of their optional keys).
    ///
    /// With `onlyIfASCII`, a key that is not all ASCII counts as not kept: a model looking a key
    /// up by Unicode equivalence may find another spelling among the members the builder skipped.
    /// (The other spellings of an ASCII key, see ``Swift/String/hasOtherSpellings``, are kept
    /// with it: see `other_spellings` in fastmap_sparse.h.)
    /// (Checked here, on the bytes the lookup has in hand: `String.utf8.allSatisfy` in the caller
    /// was 0.8% of a decode of github_events.json.)
    package func keeps(_ key: String, mark: UInt32, onlyIfASCII: Bool = false) -> Bool {
        guard mark > 0 else { return false }
        let everyMember = keepsEveryMember(mark: mark)
        return key.withBorrowedUTF8 { bytes in
            if onlyIfASCII && bytes.contains(where: { $0 >= 0x80 }) { return false }
            return everyMember
                || withTables { fm_sparse_node_member($0, mark - 1, bytes.baseAddress, bytes.count) != nil }
        }
    }

    /// Whether the container marked `mark` (non-zero) kept the members spelling one of its kept
    /// ASCII keys another way (see `other_spellings` in fastmap_sparse.h): only there can a kept
    /// key missing byte for byte still be found by Unicode equivalence.
    package func keepsOtherSpellings(mark: UInt32) -> Bool {
        mark > 0 && Int(mark) <= cNodes.count && cNodes[Int(mark) - 1].other_spellings != 0
    }

    /// Whether the container marked `mark` (non-zero) kept every member it had: one read as a
    /// dictionary (``JSONSparseShape/keepsEveryMember``).
    package func keepsEveryMember(mark: UInt32) -> Bool {
        mark > 0 && Int(mark) <= nodes.count && nodes[Int(mark) - 1].keepsEveryMember
    }

    /// A mutable copy, to be widened.
    package func thawed() -> JSONSparseShape { thaw(0, depth: 0) }

    private func thaw(_ index: UInt32, depth: Int) -> JSONSparseShape {
        let node = nodes[Int(index)]
        let shape = JSONSparseShape()
        if node.keepsAll {
            shape.keepAll()
            return shape
        }
        if node.keepsEveryMember { shape.keepEveryMember() }
        for (key, child) in node.members { shape.setMember(key, to: thaw(child, depth: depth + 1)) }
        // The shared empty node (which points at itself) thaws to "no element read".
        if node.element != emptyIndex, node.element != index {
            shape.element = thaw(node.element, depth: depth + 1)
        }
        return shape
    }

    /// Runs `body` with the C view of the schema.
    func withTables<Result>(_ body: (UnsafePointer<fm_sparse_schema>) throws -> Result) rethrows -> Result {
        var schema = fm_sparse_schema(
            nodes: UnsafePointer(cNodes.baseAddress), members: UnsafePointer(cMembers.baseAddress),
            node_count: nodes.count, slots: UnsafePointer(cSlots.baseAddress), member_count: cMembers.count)
        return try withUnsafePointer(to: &schema) { try body($0) }
    }
}
