/// One open container of the streaming encoder, or a value position still waiting for the
/// value's container.
struct EncodingFrame {
    enum Kind: UInt8 {
        /// Nothing written yet (a value position whose value has not asked for a container).
        case pending
        case object
        case array
        /// A single value was written.
        case single
    }

    enum Role: UInt8 {
        /// A value whose `encode(to:)` is still running; only it may end the position.
        case value
        /// A nested container. Its key is not part of the coding paths of the values inside
        /// it, as in `JSONEncoder` (whose sub-encoders only see their own key chain).
        case nested
        /// A position handed out by `superEncoder()`: it ends when its container is written
        /// to again or ends itself; `{}` if nothing was encoded into it, as in `JSONEncoder`.
        case superEncoder
    }

    var kind: Kind
    let role: Role
    /// Leaves this position's key out of the coding paths below it: `JSONEncoder` encodes the
    /// members of a `[String: Value]` under a key strategy with the enclosing encoder.
    let hidesKey: Bool
    /// A position handed out by an unkeyed container's `superEncoder()`, which the container
    /// counts only once the position ends, as `JSONEncoder` inserts it only then.
    let countsInParent: Bool
    let generation: Int
    let component: EncodingPathComponent
    /// Members or elements written so far.
    var count = 0
    /// Where this object's member records start in `EncodingStreamState.members`.
    var membersBase = 0
    var hasNonASCIIKey = false

    /// Whether the key of this position shows in coding paths of the values below it.
    var isInEncoderPath: Bool { role != .nested && !hidesKey }
}

/// Where one member of an open object lies in the output, and its key, so the object can be
/// checked for repeated keys and sorted when it ends.
struct EncodingMember {
    /// Offset of the member's text (its indentation, key, separator and value).
    var start: Int
    var keyStart: Int
    var keyCount: Int
    var hash: UInt64
}

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
    var snakeCase = SnakeCaseCache()
    private var scratch: [UInt8] = []
    private var order: [Int] = []
    private var hashes: [UInt64: Int] = [:]

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
        frames.append(frame)
        return nextGeneration
    }

    /// Whether the handle for frame `index` of `generation` may write now. Frames above it
    /// (nested containers and super-encoder positions it handed out) end here; a handle whose
    /// frame has already ended, or a write into an outer container while a value inside it is
    /// still encoding, bails out.
    mutating func prepare(_ index: Int, _ generation: Int) -> Bool {
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
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var high: UInt8 = 0
            for byte in utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                high |= byte
            }
            if high >= 0x80 { frames[index].hasNonASCIIKey = true }
            members.append(EncodingMember(start: start, keyStart: keyBytes.count, keyCount: utf8.count, hash: hash))
            keyBytes.append(contentsOf: utf8)
            writer.writeString(utf8: utf8)
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
            if base < end { keyBytes.removeSubrange(members[base].keyStart...) }
            members.removeSubrange(base...)
        }
        guard end - base > 1 else { return true }
        if writer.keyOrder == .utf8 {
            guard sortMembers(base, end) else { return false }
        } else if hasRepeatedKey(base, end) {
            bailedOut = true
            return false
        }
        if frames[index].hasNonASCIIKey && hasCanonicallyEquivalentKeys(base, end) {
            bailedOut = true
            return false
        }
        return true
    }

    private func keysEqual(_ a: Int, _ b: Int) -> Bool {
        let left = members[a]
        let right = members[b]
        guard left.hash == right.hash, left.keyCount == right.keyCount else { return false }
        return keyBytes[left.keyStart..<(left.keyStart + left.keyCount)]
            .elementsEqual(keyBytes[right.keyStart..<(right.keyStart + right.keyCount)])
    }

    private mutating func hasRepeatedKey(_ base: Int, _ end: Int) -> Bool {
        if end - base <= 16 {
            for first in base..<(end - 1) {
                for second in (first + 1)..<end where keysEqual(first, second) { return true }
            }
            return false
        }
        hashes.removeAll(keepingCapacity: true)
        for member in base..<end {
            if let earlier = hashes.updateValue(member, forKey: members[member].hash), keysEqual(earlier, member) {
                return true
            }
        }
        // Two different keys with one hash hide each other in the table; compare them all.
        if hashes.count != end - base {
            for first in base..<(end - 1) {
                for second in (first + 1)..<end where keysEqual(first, second) { return true }
            }
        }
        return false
    }

    /// Swift strings (and so `JSONEncoder`'s dictionaries) treat canonically equivalent keys
    /// as one key: `"é"` and `"e\u{301}"`, `"K"` and the Kelvin sign.
    private func hasCanonicallyEquivalentKeys(_ base: Int, _ end: Int) -> Bool {
        var seen = Set<String>(minimumCapacity: end - base)
        for member in members[base..<end] {
            let key = String(decoding: keyBytes[member.keyStart..<(member.keyStart + member.keyCount)], as: UTF8.self)
            if !seen.insert(key).inserted { return true }
        }
        return false
    }

    /// Rewrites the members of the object ending at the writer's position in the order of
    /// their keys' UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys`. Every member sits at the
    /// same depth, so each one's text moves as a block.
    private mutating func sortMembers(_ base: Int, _ end: Int) -> Bool {
        var sorted = true
        for member in base..<(end - 1) where !keyPrecedes(member, member + 1) {
            sorted = false
            break
        }
        // Strictly ascending already: nothing to move and no key repeated.
        if sorted { return true }
        var order = self.order
        self.order = []
        defer { self.order = order }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: base..<end)
        order.sort { keyPrecedes($0, $1) }
        for position in 1..<order.count where !keyPrecedes(order[position - 1], order[position]) {
            // Not strictly ascending once sorted: two members share a key.
            bailedOut = true
            return false
        }

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
        return true
    }

    private func keyPrecedes(_ a: Int, _ b: Int) -> Bool {
        let left = members[a]
        let right = members[b]
        return keyBytes.withUnsafeBufferPointer { bytes in
            let leftKey = UnsafeBufferPointer(rebasing: bytes[left.keyStart..<(left.keyStart + left.keyCount)])
            let rightKey = UnsafeBufferPointer(rebasing: bytes[right.keyStart..<(right.keyStart + right.keyCount)])
            return leftKey.lexicographicallyPrecedes(rightKey)
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
