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
    /// The key or index of this position in its container (nil at the top level and for
    /// a value encoded with its container's own encoder).
    let component: CodingPathComponent?
    /// Members or elements written so far.
    var count = 0
    /// Where this object's member records start in `EncodingStreamState.members`, and its
    /// copied keys in `keyBytes`.
    var membersBase = 0
    var keyBytesBase = 0
    /// The ``EncodingKeyMemo`` of this object's key type in `EncodingStreamState.memos`
    /// (-1: none) and its version when this object opened, the learned position the next
    /// member may match from, and whether every member so far matched.
    var memo = -1
    var memoVersion = 0
    var memoCursor = 0
    var membersMatchMemo = true
    /// Set by a writer whose code writes each key at most once (`JSONObjectWriter`'s
    /// `promisingDistinctKeys()`) when nothing is sorted: its members are written with no
    /// record, memo or check.
    var distinctKeys = false

    /// Whether the key of this position shows in coding paths of the values below it.
    var isInEncoderPath: Bool { role != .nested && !hidesKey }
}
