@_spi(FastMapCore) import FastMapCore

/// The mutable state of one streaming encode. It lives in an `AddressedCell` owned by
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
    /// The key memo of each `CodingKey` type met in this encode (a few types: found by a
    /// scan), and whether one was learned or given up on here.
    private var memos: [EncodingKeyMemo] = []
    private var memoTypes: [ObjectIdentifier] = []
    /// The text of the memo whose keys were written last (`textMemo`, at `textVersion`), held
    /// here so that writing a learned key reads a stored property of the state. Passing the
    /// text out of the `memos` array cost a retain and a release for every member (6% of
    /// encoding github_events.json); swapping the held text costs one when the memo changes.
    private var memoText: [UInt8] = []
    private var textMemo = -1
    private var textVersion = 0
    private(set) var memosChanged = false
    /// Memos learned by earlier encodes (with default keys; see ``EncodingKeyMemoStore``).
    private let learnedMemos: [ObjectIdentifier: EncodingKeyMemo]
    /// The text of the object being finished, copied out of the writer (see ``memberKeys(_:_:)``).
    private var objectText: [UInt8] = []
    private var slots: [Int32] = []
    /// The addresses of key literals found plain (nothing to escape) in this encode, each in the
    /// slot its low bits name: a writer of distinct keys copies such a key without a scan (which
    /// cost 6% of encoding twitter.json's models: 4.11M instructions a call, 3.88M with this).
    /// Made with the first such writer; used only by the functions in
    /// `EncodingStreamState+DistinctKeys.swift`.
    var plainKeyLiterals: [UInt] = []

    init(writer: JSONByteWriter, sharesMemos: Bool) {
        learnedMemos = sharesMemos ? EncodingKeyMemoStore.snapshot(prettyPrinted: writer.prettyPrinted) : [:]
        self.writer = writer
    }

    /// The memos this encode learned or gave up on, for ``EncodingKeyMemoStore``.
    var changedMemos: [(ObjectIdentifier, EncodingKeyMemo)] {
        zip(memoTypes, memos).filter { $0.1.phase == .learned || $0.1.phase == .disabled }
            .map { ($0.0, $0.1.withoutLiterals) }
    }

    // MARK: Frames

    mutating func push(
        _ kind: EncodingFrame.Kind, role: EncodingFrame.Role, component: CodingPathComponent?,
        hidesKey: Bool = false, countsInParent: Bool = false, keyType: (any CodingKey.Type)? = nil
    ) -> Int {
        nextGeneration &+= 1
        var frame = EncodingFrame(
            kind: kind, role: role, hidesKey: hidesKey, countsInParent: countsInParent,
            generation: nextGeneration, component: component)
        frame.membersBase = members.count
        frame.keyBytesBase = keyBytes.count
        if let keyType {
            frame.memo = memo(for: ObjectIdentifier(keyType))
            if frame.memo >= 0 { frame.memoVersion = memos[frame.memo].version }
        }
        frames.append(frame)
        return nextGeneration
    }

    /// The index of the key memo of the type `identifier` names (-1 once the memo gave up on it, and for types
    /// beyond the first 64 of an encode, which keeps the scan short).
    private mutating func memo(for identifier: ObjectIdentifier) -> Int {
        if let index = memoTypes.firstIndex(of: identifier) {
            return memos[index].phase == .disabled ? -1 : index
        }
        guard memos.count < 64 else { return -1 }
        memoTypes.append(identifier)
        let memo = learnedMemos[identifier] ?? EncodingKeyMemo()
        memos.append(memo)
        return memo.phase == .disabled ? -1 : memos.count - 1
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
    /// `keyType` names an object's keys, for its key memo.
    mutating func becomeContainer(
        _ kind: EncodingFrame.Kind, _ index: Int, _ generation: Int, keyType: (any CodingKey.Type)? = nil
    ) {
        guard prepare(index, generation) else { return }
        switch frames[index].kind {
        case .pending:
            open(kind, index, keys: keyType.map { ObjectIdentifier($0) })
        case kind:
            // One object written through two containers (a class and its superclass): its
            // keys are not one type's.
            frames[index].memo = -1
        default:
            // A container after a single value, or of the other kind: JSONEncoder merges or
            // stops; the tree encoder reproduces it.
            bailedOut = true
        }
    }

    /// Turns the value position `index` into an object for a `JSONObjectWriter`, when nothing
    /// has been written there yet; false (and nothing opened) otherwise: the value then asks for
    /// containers, and `becomeContainer` continues or bails out. `keys` names the object's keys
    /// for their memo: its `CodingKeys` type, or the model type itself.
    mutating func beginWriterObject(_ index: Int, _ generation: Int, keys: ObjectIdentifier) -> Bool {
        guard prepare(index, generation), frames[index].kind == .pending else { return false }
        open(.object, index, keys: keys)
        return true
    }

    /// Opens the container of the pending value position `index`.
    private mutating func open(_ kind: EncodingFrame.Kind, _ index: Int, keys: ObjectIdentifier?) {
        guard openContainer(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")) else { return }
        frames[index].kind = kind
        frames[index].membersBase = members.count
        frames[index].keyBytesBase = keyBytes.count
        if let keys {
            let memo = memo(for: keys)
            frames[index].memo = memo
            if memo >= 0 { frames[index].memoVersion = memos[memo].version }
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
        let (start, quote) = beginMemberText(in: index)
        if let memo = matchingMemo(index), let position = memos[memo].position(of: key, from: frames[index].memoCursor)
        {
            writeLearnedKey(position, in: index, start: start, keyStart: quote + 1, keyCount: key.utf8.count)
        } else {
            writeKey(key, in: index, start: start, quote: quote)
        }
    }

    /// The same for a key written in the source (`JSONObjectWriter`'s): compared with the
    /// learned keys as bytes, made a `String` only when it is not one of them; in an object of
    /// distinct keys, written as it is, with no record.
    mutating func beginMember(_ key: StaticString, in index: Int) {
        if frames[index].distinctKeys { return writeDistinctKey(key, in: index) }
        let (start, quote) = beginMemberText(in: index)
        if let memo = matchingMemo(index), let position = memos[memo].position(of: key, from: frames[index].memoCursor)
        {
            writeLearnedKey(position, in: index, start: start, keyStart: quote + 1, keyCount: key.utf8CodeUnitCount)
        } else {
            writeKey(key.description, in: index, start: start, quote: quote)
        }
    }

    /// Writes what comes before a member's key (separator, indentation); returns where the
    /// member starts and where its key's opening quote goes.
    @inline(__always)
    private mutating func beginMemberText(in index: Int) -> (start: Int, quote: Int) {
        if frames[index].count > 0 { writer.separator() }
        frames[index].count += 1
        let start = writer.count
        writer.indent()
        return (start, writer.count)
    }

    /// The memo the next member of the object `index` may be found in: its key type's, while
    /// every member so far matched it.
    @inline(__always)
    private func matchingMemo(_ index: Int) -> Int? {
        let memo = frames[index].memo
        guard memo >= 0 && frames[index].membersMatchMemo && memos[memo].version == frames[index].memoVersion
        else { return nil }
        return memo
    }

    /// Writes the learned text of the key at `position` (it holds the separator; the key is
    /// plain ASCII, as long as written).
    @inline(__always)
    private mutating func writeLearnedKey(_ position: Int, in index: Int, start: Int, keyStart: Int, keyCount: Int) {
        let memo = frames[index].memo
        frames[index].memoCursor = position + 1
        if textMemo != memo || textVersion != memos[memo].version {
            memoText = memos[memo].text
            textMemo = memo
            textVersion = memos[memo].version
        }
        writer.append(memoText, memos[memo].textRange(position))
        members.append(
            EncodingMember(
                start: start, keyStart: keyStart, keyCount: keyCount, keyIsCopied: false, memoPosition: position))
    }

    /// Writes a key the memo does not hold, which ends the memo's fast path for this object.
    private mutating func writeKey(_ key: String, in index: Int, start: Int, quote: Int) {
        frames[index].membersMatchMemo = false
        writer.writeString(key)
        let count = key.utf8.count
        if writer.count - quote - 2 == count {
            members.append(EncodingMember(start: start, keyStart: quote + 1, keyCount: count, keyIsCopied: false))
        } else {
            members.append(EncodingMember(start: start, keyStart: keyBytes.count, keyCount: count, keyIsCopied: true))
            keyBytes.append(contentsOf: key.utf8)
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
        if frames[index].distinctKeys { return true }
        let memo = frames[index].memo
        if memo >= 0 && frames[index].membersMatchMemo && memos[memo].phase == .learned
            && memos[memo].version == frames[index].memoVersion
        {
            // Distinct keys, in learned order: sorted by rank, if sorting and out of order.
            if writer.keyOrder == .utf8 && !memos[memo].isAscending, let order = rankOrder(base, end, memo) {
                rewriteMembers(in: order, of: memberKeys(base, end))
            }
            return true
        }
        // One copy of the object's text serves the key check, the memo's learning and the reordering.
        let keys = memberKeys(base, end)
        var order: [Int]?
        if end - base > 1 {
            let checked = keys.check(sort: writer.keyOrder == .utf8, slots: &slots)
            if checked.repeated {
                bailedOut = true
                return false
            }
            order = checked.order
        }
        if memo >= 0 { observe(memo, keys) }
        if let order { rewriteMembers(in: order, of: keys) }
        return true
    }

    /// The members `base..<end` (all matched in the memo) in the order of their keys' ranks,
    /// or nil when they are in that order already.
    private func rankOrder(_ base: Int, _ end: Int, _ memo: Int) -> [Int]? {
        let ranks = memos[memo].ranks
        var ascending = true
        for member in (base + 1)..<max(end, base + 1)
        where ranks[members[member - 1].memoPosition] > ranks[members[member].memoPosition] {
            ascending = false
            break
        }
        if ascending { return nil }
        return (base..<end).sorted { ranks[members[$0].memoPosition] < ranks[members[$1].memoPosition] }
    }

    /// Counts an object of the memo's key type that closed with distinct keys off the fast
    /// path, learning its keys from the second one on (before they are reordered).
    private mutating func observe(_ memo: Int, _ keys: EncodingMemberKeys) {
        switch memos[memo].phase {
        case .new:
            memos[memo].phase = .seen
        case .seen, .learned:
            let separator: [UInt8] = writer.prettyPrinted ? Array(" : ".utf8) : [UInt8(ascii: ":")]
            memos[memo].learn(keys.members.indices.map { keys.key($0) }, separator: separator)
            memosChanged = true
        case .disabled:
            break
        }
    }

    /// The keys of the members `base..<end` of the object ending at the writer's position: its
    /// text is copied out of the writer once (the writer lends no pointer to its bytes).
    private mutating func memberKeys(_ base: Int, _ end: Int) -> EncodingMemberKeys {
        let start = base < end ? members[base].start : writer.count
        objectText.removeAll(keepingCapacity: true)
        writer.copyBytes(start..<writer.count, into: &objectText)
        return EncodingMemberKeys(
            members: members[base..<end], output: objectText, outputStart: start, copied: keyBytes)
    }

    /// Rewrites the members of the object ending at the writer's position (`keys`, with its
    /// text) in `order` (member indices). Every member sits at the same depth, so each one's
    /// text moves as a block.
    private mutating func rewriteMembers(in order: [Int], of keys: EncodingMemberKeys) {
        let separatorLength = writer.prettyPrinted ? 2 : 1
        let end = keys.members.endIndex
        let regionStart = keys.outputStart
        writer.truncate(to: regionStart)
        for (position, member) in order.enumerated() {
            if position > 0 { writer.separator() }
            let chunkStart = keys.members[member].start - regionStart
            let chunkEnd =
                member + 1 < end ? keys.members[member + 1].start - separatorLength - regionStart : keys.output.count
            writer.append(keys.output, chunkStart..<chunkEnd)
        }
    }
}
