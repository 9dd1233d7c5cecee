/// The keys of one ending object, read where they lie: in the output (just after their
/// opening quote) or, for keys that needed escapes, in the copies beside it. Used for objects
/// whose keys were not all matched by an ``EncodingKeyMemo``.
struct EncodingMemberKeys {
    let members: ArraySlice<EncodingMember>
    /// The object's text: the output from its first member on.
    let output: [UInt8]
    /// Where `output` starts in the writer's output.
    let outputStart: Int
    let copied: [UInt8]

    /// The UTF-8 bytes of the key of `member` (an index into `members`).
    @inline(__always)
    func key(_ member: Int) -> ArraySlice<UInt8> {
        let record = members[member]
        if record.keyIsCopied { return copied[record.keyStart..<(record.keyStart + record.keyCount)] }
        let start = record.keyStart - outputStart
        return output[start..<(start + record.keyCount)]
    }

    /// Whether two keys are the same (byte for byte, or as Swift strings: JSONEncoder keeps
    /// members in a dictionary, where `"é"` and `"e\u{301}"` are one key); and, when
    /// `sort` is set and the keys are not in order yet, the order of their UTF-8 bytes.
    /// `slots` is scratch space for the hash table of larger objects.
    func check(sort: Bool, slots: inout [Int32]) -> (repeated: Bool, order: [Int]?) {
        let range = members.indices
        var nonASCII: UInt8 = 0
        var ascending = true
        var previous = key(range.lowerBound)
        for byte in previous { nonASCII |= byte }
        for member in range.dropFirst() {
            let bytes = key(member)
            for byte in bytes { nonASCII |= byte }
            if ascending { ascending = previous.lexicographicallyPrecedes(bytes) }
            previous = bytes
        }
        if nonASCII >= 0x80 && hasEquivalentStrings() { return (true, nil) }
        // Strictly ascending: nothing to move and no key repeated.
        if ascending { return (false, nil) }
        if sort {
            let order = range.sorted { key($0).lexicographicallyPrecedes(key($1)) }
            for position in 1..<order.count
            where !key(order[position - 1]).lexicographicallyPrecedes(key(order[position])) {
                return (true, nil)
            }
            return (false, order)
        }
        return (hasRepeatedBytes(slots: &slots), nil)
    }

    private func hasRepeatedBytes(slots: inout [Int32]) -> Bool {
        let range = members.indices
        func equal(_ a: Int, _ b: Int) -> Bool {
            members[a].keyCount == members[b].keyCount && key(a) == key(b)
        }
        if range.count <= 12 {
            for first in range.dropLast() {
                for second in (first + 1)..<range.upperBound where equal(first, second) { return true }
            }
            return false
        }
        // Open addressing over a table at least twice the member count.
        var size = 32
        while size < range.count * 2 { size *= 2 }
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(-1, count: size))
        for member in range {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in key(member) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (size - 1)
            while slots[slot] >= 0 {
                if equal(Int(slots[slot]) + range.lowerBound, member) { return true }
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = Int32(member - range.lowerBound)
        }
        return false
    }

    private func hasEquivalentStrings() -> Bool {
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members.indices where !seen.insert(String(decoding: key(member), as: UTF8.self)).inserted {
            return true
        }
        return false
    }
}
