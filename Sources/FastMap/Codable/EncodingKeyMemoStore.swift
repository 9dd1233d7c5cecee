@_spi(FastMapCore) import FastMapCore

/// The key memos learned by earlier encodes, so that a model type's keys are learned once
/// per process rather than once per `encode` call (a server encodes the same response types
/// again and again, often a handful of objects each time, too few to repay learning).
///
/// Only encodes with `.useDefaultKeys` share them (a key strategy changes the written keys),
/// one table for compact and one for pretty-printed text (the learned text holds the
/// key-value separator). A memo is only ever a shortcut: a key that does not match it is
/// written the long way, so a memo learned from other documents costs speed, never
/// correctness. The tables hold one entry per `CodingKey` type a program encodes with.
enum EncodingKeyMemoStore {
    private static let compact = LockedValue<[ObjectIdentifier: EncodingKeyMemo]>([:])
    private static let pretty = LockedValue<[ObjectIdentifier: EncodingKeyMemo]>([:])

    /// The memos learned so far (one lock, and a copy-on-write copy of the table).
    static func snapshot(prettyPrinted: Bool) -> [ObjectIdentifier: EncodingKeyMemo] {
        (prettyPrinted ? pretty : compact).withLock { $0 }
    }

    /// Keeps what an encode learned (memos in use, or given up on) for later encodes.
    static func publish(_ memos: [(ObjectIdentifier, EncodingKeyMemo)], prettyPrinted: Bool) {
        (prettyPrinted ? pretty : compact).withLock { table in
            for (type, memo) in memos { table[type] = memo }
        }
    }
}
