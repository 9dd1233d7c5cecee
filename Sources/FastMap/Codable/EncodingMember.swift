/// Where one member of an open object lies in the output, and its key, so the object can be
/// checked for repeated keys and sorted when it ends.
struct EncodingMember {
    /// Offset of the member's text (its indentation, key, separator and value).
    var start: Int
    /// Where the key's UTF-8 bytes are: in the output itself (just after the opening quote),
    /// or, for the rare key that needed escapes, copied to `EncodingStreamState.keyBytes`.
    var keyStart: Int
    var keyCount: Int
    var keyIsCopied: Bool
    /// The key's position in the object's ``EncodingKeyMemo`` (-1 when written without it).
    var memoPosition = -1
}
