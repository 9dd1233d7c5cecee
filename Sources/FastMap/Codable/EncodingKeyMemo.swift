@_spi(FastMapCore) import FastMapCore

/// What the streaming encoder learned, during one encode, about the objects written through
/// one `CodingKey` type: their keys in the order they come, each key's text ready to copy
/// (quoted, with the key-value separator), and the keys' rank in UTF-8 order.
///
/// An array of a hundred models writes the same keys a hundred times. Once a type's keys are
/// learned, a member whose key is the next learned one (or a later one: optional members left
/// out skip some) is written by copying its text, and an object whose keys all matched needs
/// no repeated-key check (the learned keys are distinct, and matches only move forward) and
/// sorts by rank. A key that does not match ends the fast path for the rest of that object,
/// which then takes the full check; its keys may be learned instead, a few times at most.
struct EncodingKeyMemo {
    enum Phase {
        /// One object of the type seen so far: a type used once costs no learning.
        case new
        /// Two or more seen; the next object that closes cleanly is learned.
        case seen
        case learned
        /// Relearned too often (keys vary from object to object): not used again.
        case disabled
    }

    var phase = Phase.new
    /// The learned keys, all ASCII, pairwise distinct.
    private(set) var keys: [String] = []
    /// The text of each key: `"key":` (`"key" : "` when pretty printing), back to back.
    private(set) var text: [UInt8] = []
    /// Where each key's text ends in `text`.
    private var textEnds: [Int] = []
    /// The address of the literal (`StaticString`) each key was last found as, 0 for none: a
    /// writer's member then finds its key with one comparison instead of its bytes. Encoding
    /// twitter.json's `@JSONModel` models took 8.5% fewer instructions with it (5.30M to 4.85M
    /// a call), and the writer route went from 1.35–1.52× to 1.55–1.74× the Codable route.
    private var literals: [UInt] = []
    /// Each key's position in UTF-8 order.
    private(set) var ranks: [Int] = []
    /// Whether the learned order is UTF-8 order already (nothing to sort).
    private(set) var isAscending = true
    private var relearnings = 0
    /// Counts the changes of the learned keys: an object of the type that was already open
    /// when its memo changed (an object inside another of the same key type, learned first)
    /// holds positions in the old keys, so it finishes the long way.
    private(set) var version = 0

    /// How often a learned type may be learned again before the memo gives up on it.
    static let relearningLimit = 16
    /// The most keys a memo holds. Models have a few dozen; a type past this (the standard
    /// library's dictionary key type writes every `[String: Value]`) is given up on, so the
    /// linear key search and the merge, quadratic in the key count, stay small, and a huge
    /// dictionary never leaves its keys in the process-wide store.
    static let keyLimit = 128

    /// The position of `key` among the learned keys at or after `cursor`, if it is there with
    /// the same bytes. Swift's `==` compares canonical equivalence, so equal strings may differ
    /// in bytes; but a string equivalent to an ASCII string and as long in UTF-8 is that
    /// string: a canonical decomposition never yields more than one ASCII scalar, so each
    /// scalar of `key` stands for one learned byte and, being as many bytes, is ASCII itself
    /// (the Kelvin sign equals "K" but is three bytes long).
    @inline(__always)
    func position(of key: String, from cursor: Int) -> Int? {
        var position = cursor
        while position < keys.count {
            if keys[position] == key { return keys[position].utf8.count == key.utf8.count ? position : nil }
            position += 1
        }
        return nil
    }

    /// The position of `key` among the learned keys at or after `cursor`, if it is there: the
    /// same, for a key written in the source (`JSONObjectWriter`'s). A literal is compared as
    /// bytes the first time and by its address after that (``literals``).
    @inline(__always)
    mutating func position(of key: StaticString, from cursor: Int) -> Int? {
        let address = key.address
        return key.withUTF8Buffer { bytes in
            var position = cursor
            while position < keys.count {
                if literals[position] == address { return position }
                // A learned key's text is `"key"` and the separator: the key starts after the quote.
                if keys[position].utf8.count == bytes.count {
                    let start = textRange(position).lowerBound + 1
                    // Byte by byte: outside the core no array lends a pointer (memcmp here was 4%
                    // fewer instructions on twitter's models; `elementsEqual` on a slice, 23% more).
                    var byte = 0
                    while byte < bytes.count && text[start + byte] == bytes[byte] { byte += 1 }
                    if byte == bytes.count {
                        if let address { literals[position] = address }
                        return position
                    }
                }
                position += 1
            }
            return nil
        }
    }

    /// This memo without the literals' addresses, for the process-wide store: an address stands
    /// for its bytes only while the code holding the literal is loaded.
    var withoutLiterals: EncodingKeyMemo {
        var memo = self
        memo.literals = Array(repeating: 0, count: keys.count)
        return memo
    }

    /// The bytes of the key at `position`'s text in ``text``.
    @inline(__always)
    func textRange(_ position: Int) -> Range<Int> {
        (position == 0 ? 0 : textEnds[position - 1])..<textEnds[position]
    }

    /// Learns the keys of an object that closed with distinct keys (`keys`, their UTF-8
    /// bytes in member order), unless one is not ASCII or needs an escape, or the type has
    /// been relearned too often. Relearning merges the keys already learned with the new
    /// ones where their orders agree, so a type whose objects leave out different optional
    /// members soon knows all of them. `separator` is the writer's key-value separator.
    mutating func learn(_ keys: [ArraySlice<UInt8>], separator: [UInt8]) {
        if phase == .learned {
            relearnings += 1
            if relearnings > Self.relearningLimit { return disable() }
        }
        // Rare keys (non-ASCII, escaped) keep the full path; so do objects with many keys.
        guard keys.count <= Self.keyLimit, keys.allSatisfy({ $0.allSatisfy(Self.isPlain) }) else {
            return disable()
        }
        var learned = keys.map { String(decoding: $0, as: UTF8.self) }
        if phase == .learned, let merged = Self.merge(self.keys, learned) { learned = merged }
        guard learned.count <= Self.keyLimit else { return disable() }
        var learnedText: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(learned.count)
        for key in learned {
            learnedText.append(UInt8(ascii: "\""))
            learnedText.append(contentsOf: key.utf8)
            learnedText.append(UInt8(ascii: "\""))
            learnedText.append(contentsOf: separator)
            ends.append(learnedText.count)
        }
        let order = learned.indices.sorted { learned[$0].utf8.lexicographicallyPrecedes(learned[$1].utf8) }
        var learnedRanks = [Int](repeating: 0, count: learned.count)
        for (rank, position) in order.enumerated() { learnedRanks[position] = rank }
        self.keys = learned
        literals = Array(repeating: 0, count: learned.count)
        text = learnedText
        textEnds = ends
        ranks = learnedRanks
        isAscending = order.elementsEqual(learned.indices)
        phase = .learned
        version &+= 1
    }

    private mutating func disable() {
        phase = .disabled
        version &+= 1
        keys = []
        literals = []
        text = []
        textEnds = []
        ranks = []
    }

    /// One sequence holding `old` and `new` (each distinct) as subsequences, or nil when
    /// they order two keys differently. Every key appears once, so the result is distinct.
    private static func merge(_ old: [String], _ new: [String]) -> [String]? {
        var result: [String] = []
        var cursor = 0
        for key in new {
            if let position = old.firstIndex(of: key) {
                guard position >= cursor else { return nil }
                result.append(contentsOf: old[cursor...position])
                cursor = position + 1
            } else {
                result.append(key)
            }
        }
        result.append(contentsOf: old[cursor...])
        return result
    }

    /// ASCII that is written as it is, whatever the options (`/` is escaped by default).
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            && byte != UInt8(ascii: "/")
    }
}
