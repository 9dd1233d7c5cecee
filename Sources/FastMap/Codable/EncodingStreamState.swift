@_spi(FastMapCore) import FastMapCore

/// The mutable state of one streaming encode. It lives behind a pointer owned by
/// ``EncodingStream`` so the hot paths pay no exclusivity checks; its methods never call
/// code outside FastMap.
struct EncodingStreamState {
    var writer: JSONByteWriter
    var frames: [EncodingFrame] = []
    var members: [EncodingMember] = []
    var keyBytes: [UInt8] = []
    var containerDepth = 0
    var nextGeneration = 0
    /// Set when the value did something the streaming writer does not reproduce exactly
    /// (see ``EncodingStream``); the value is then encoded again by the tree encoder.
    var bailedOut = false
    /// Set when an error left a member half written (its key is out, its value is not).
    /// If the error reaches the top, it is the answer; if the value catches it and writes on,
    /// the stream bails out.
    var failedMidMember = false
    var snakeCase = SnakeCaseCache()
    private var scratch: [UInt8] = []
    private var slots: [Int32] = []

    init(writer: JSONByteWriter) {
        self.writer = writer
    }

    // MARK: Frames

    mutating func push(
        _ kind: EncodingFrame.Kind, role: EncodingFrame.Role, component: EncodingPathComponent,
        hidesKey: Bool = false, countsInParent: Bool = false
    ) -> Int {
        nextGeneration &+= 1
        var frame = EncodingFrame(
            kind: kind, role: role, hidesKey: hidesKey, countsInParent: countsInParent,
            generation: nextGeneration, component: component)
        frame.membersBase = members.count
        frame.keyBytesBase = keyBytes.count
        frames.append(frame)
        return nextGeneration
    }

    /// Whether the handle for frame `index` of `generation` may write now. Frames above it
    /// (nested containers and super-encoder positions it handed out) end here; a handle whose
    /// frame has already ended, or a write into an outer container while a value inside it is
    /// still encoding, bails out.
    mutating func prepare(_ index: Int, _ generation: Int) -> Bool {
        if failedMidMember { bailedOut = true }
        if bailedOut { return false }
        guard index >= 0, index < frames.count, frames[index].generation == generation else {
            bailedOut = true
            return false
        }
        while frames.count - 1 > index {
            guard frames[frames.count - 1].role != .value else {
                bailedOut = true
                return false
            }
            guard closeTop() else { return false }
        }
        return true
    }

    /// Ends the top frame: closes its container (sorting and checking the members of an
    /// object) or writes `{}` for a position nothing was encoded into.
    mutating func closeTop() -> Bool {
        let index = frames.count - 1
        switch frames[index].kind {
        case .pending:
            guard openContainer(UInt8(ascii: "{")) else { return false }
            writer.endContainer(UInt8(ascii: "}"))
            containerDepth -= 1
        case .object:
            guard finishObject(index) else { return false }
            writer.endContainer(UInt8(ascii: "}"))
            containerDepth -= 1
        case .array:
            writer.endContainer(UInt8(ascii: "]"))
            containerDepth -= 1
        case .single:
            break
        }
        let countsInParent = frames[index].countsInParent
        frames.removeLast()
        if countsInParent, let parent = frames.indices.last { frames[parent].count += 1 }
        return true
    }

    /// Writes the opening bracket of a container unless it would nest deeper than
    /// `JSONEncoder` writes.
    mutating func openContainer(_ bracket: UInt8) -> Bool {
        guard containerDepth + 1 < EncodingSettings.depthLimit else {
            bailedOut = true
            return false
        }
        containerDepth += 1
        writer.beginContainer(bracket)
        return true
    }

    /// Turns the value position `index` into a container, or continues the container it
    /// already is (a type and its superclass asking the same encoder for a keyed container).
    mutating func becomeContainer(_ kind: EncodingFrame.Kind, _ index: Int, _ generation: Int) {
        guard prepare(index, generation) else { return }
        switch frames[index].kind {
        case .pending:
            guard openContainer(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")) else { return }
            frames[index].kind = kind
            frames[index].membersBase = members.count
            frames[index].keyBytesBase = keyBytes.count
        case kind:
            break
        default:
            // A container after a single value, or of the other kind: JSONEncoder merges or
            // stops; the tree encoder reproduces it.
            bailedOut = true
        }
    }

    /// Marks the value position `index` as holding a single value about to be written.
    mutating func beginSingleValue(_ index: Int, _ generation: Int) -> Bool {
        guard prepare(index, generation) else { return false }
        guard frames[index].kind == .pending else {
            bailedOut = true
            return false
        }
        frames[index].kind = .single
        return true
    }

    // MARK: Members and elements

    /// Writes the separator and key of a new member of the object `index`.
    mutating func beginMember(_ key: String, in index: Int) {
        if frames[index].count > 0 { writer.separator() }
        frames[index].count += 1
        let start = writer.count
        writer.indent()
        var key = key
        key.withUTF8 { utf8 in
            let quote = writer.count
            writer.writeString(utf8: utf8)
            if writer.count - quote - 2 == utf8.count {
                members.append(
                    EncodingMember(start: start, keyStart: quote + 1, keyCount: utf8.count, keyIsCopied: false))
            } else {
                members.append(
                    EncodingMember(start: start, keyStart: keyBytes.count, keyCount: utf8.count, keyIsCopied: true))
                keyBytes.append(contentsOf: utf8)
            }
        }
        writer.keyValueSeparator()
    }

    /// Writes the separator before a new element of the array `index`.
    @inline(__always)
    mutating func beginElement(in index: Int) {
        if frames[index].count > 0 { writer.separator() }
        frames[index].count += 1
        writer.indent()
    }

    // MARK: Ending objects

    /// Checks the members of the object `index` for repeated keys (bailing out: JSONEncoder
    /// keeps the last value under the first spelling) and sorts them for `.sortedKeys`.
    private mutating func finishObject(_ index: Int) -> Bool {
        let base = frames[index].membersBase
        let end = members.count
        defer {
            keyBytes.removeSubrange(frames[index].keyBytesBase...)
            members.removeSubrange(base...)
        }
        guard end - base > 1 else { return true }
        let keys = MemberKeys(members: members[base..<end])
        let (repeated, order) = writer.withBytes(0..<writer.count) { output in
            keyBytes.withUnsafeBufferPointer { copied in
                keys.check(output: output, copied: copied, sort: writer.keyOrder == .utf8, slots: &slots)
            }
        }
        if repeated {
            bailedOut = true
            return false
        }
        if let order { rewriteMembers(base, end, in: order) }
        return true
    }

    /// Rewrites the members of the object ending at the writer's position in `order` (member
    /// indices). Every member sits at the same depth, so each one's text moves as a block.
    private mutating func rewriteMembers(_ base: Int, _ end: Int, in order: [Int]) {
        let separatorLength = writer.prettyPrinted ? 2 : 1
        let regionStart = members[base].start
        let regionEnd = writer.count
        scratch.removeAll(keepingCapacity: true)
        writer.copyBytes(regionStart..<regionEnd, into: &scratch)
        writer.truncate(to: regionStart)
        for (position, member) in order.enumerated() {
            if position > 0 { writer.separator() }
            let chunkStart = members[member].start - regionStart
            let chunkEnd = (member + 1 < end ? members[member + 1].start - separatorLength : regionEnd) - regionStart
            scratch.withUnsafeBufferPointer {
                writer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[chunkStart..<chunkEnd]))
            }
        }
    }

    // MARK: Coding paths

    /// The nearest frame at or below `index` whose encoder a value at `index` belongs to
    /// (skipping nested containers); -1 for the top level.
    func ownerSlot(of index: Int) -> Int {
        var slot = index
        while slot >= 0 && frames[slot].role == .nested { slot -= 1 }
        return slot
    }

    /// `codingPath` of the encoder of value position `slot`, built as `JSONEncoder` builds
    /// it: the keys of the enclosing value positions, without nested containers' keys.
    func encoderPath(_ slot: Int) -> [any CodingKey] {
        guard slot >= 0 else { return [] }
        var path: [any CodingKey] = []
        for frame in frames[0...slot] where frame.isInEncoderPath {
            if let key = frame.component.codingKey { path.append(key) }
        }
        return path
    }

    /// `codingPath` of a container on frame `index`: its encoder's path, then the keys of the
    /// nested containers leading to it.
    func containerPath(_ index: Int) -> [any CodingKey] {
        let slot = ownerSlot(of: index)
        var path = encoderPath(slot)
        if slot < index {
            for frame in frames[(slot + 1)...index] {
                if let key = frame.component.codingKey { path.append(key) }
            }
        }
        return path
    }

    /// The coding path of a value written into the container `index` under `component`.
    func valuePath(_ index: Int, _ component: EncodingPathComponent) -> [any CodingKey] {
        var path = encoderPath(ownerSlot(of: index))
        if let key = component.codingKey { path.append(key) }
        return path
    }
}

/// The keys of one ending object, read where they lie (output or copies).
private struct MemberKeys {
    let members: ArraySlice<EncodingMember>

    @inline(__always)
    private func key(
        _ member: Int, _ output: UnsafeBufferPointer<UInt8>, _ copied: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        let record = members[member]
        let source = record.keyIsCopied ? copied : output
        return UnsafeBufferPointer(rebasing: source[record.keyStart..<(record.keyStart + record.keyCount)])
    }

    /// Whether two keys are the same (byte for byte, or as Swift strings: JSONEncoder keeps
    /// members in a dictionary, where `"é"` and `"e\u{301}"` are one key); and, when
    /// `sort` is set and the keys are not in order yet, the order of their UTF-8 bytes.
    /// `slots` is scratch space for the hash table of larger objects.
    func check(
        output: UnsafeBufferPointer<UInt8>, copied: UnsafeBufferPointer<UInt8>, sort: Bool, slots: inout [Int32]
    ) -> (repeated: Bool, order: [Int]?) {
        let range = members.indices
        var nonASCII: UInt8 = 0
        var ascending = true
        for member in range {
            let bytes = key(member, output, copied)
            for byte in bytes { nonASCII |= byte }
            if ascending && member > range.lowerBound {
                ascending = key(member - 1, output, copied).lexicographicallyPrecedes(bytes)
            }
        }
        if nonASCII >= 0x80 && hasEquivalentStrings(output, copied) { return (true, nil) }
        // Strictly ascending: nothing to move and no key repeated.
        if ascending { return (false, nil) }
        if sort {
            let order = range.sorted { key($0, output, copied).lexicographicallyPrecedes(key($1, output, copied)) }
            for position in 1..<order.count
            where !key(order[position - 1], output, copied).lexicographicallyPrecedes(
                key(order[position], output, copied))
            {
                return (true, nil)
            }
            return (false, order)
        }
        return (hasRepeatedBytes(output, copied, slots: &slots), nil)
    }

    private func hasRepeatedBytes(
        _ output: UnsafeBufferPointer<UInt8>, _ copied: UnsafeBufferPointer<UInt8>, slots: inout [Int32]
    ) -> Bool {
        let range = members.indices
        func equal(_ a: Int, _ b: Int) -> Bool {
            members[a].keyCount == members[b].keyCount && key(a, output, copied).elementsEqual(key(b, output, copied))
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
            for byte in key(member, output, copied) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (size - 1)
            while slots[slot] >= 0 {
                if equal(Int(slots[slot]) + range.lowerBound, member) { return true }
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = Int32(member - range.lowerBound)
        }
        return false
    }

    private func hasEquivalentStrings(_ output: UnsafeBufferPointer<UInt8>, _ copied: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members.indices {
            if !seen.insert(String(decoding: key(member, output, copied), as: UTF8.self)).inserted { return true }
        }
        return false
    }
}
