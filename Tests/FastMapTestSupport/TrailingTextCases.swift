import FastMapCore

/// Documents followed by text that only an end-of-input check can catch, shared by the
/// tokenizer's and the decoders' truncation tests.
public enum TrailingTextCases {
    /// Documents followed by text that only an end-of-input check can catch.
    public static let followed: [(text: String, path: JSONKeyPath, offset: Int)] = [
        (#"[1,2] "anything"#, .root, 6), (#"[1,2]"x"#, .root, 5), (#"[1,2] "anything\"#, .root, 6),
        (#"[1,2] 12"#, .root, 6), (#"{"data":[1,2]} "x"#, "data", 15), (#"{"data":[1,2],"z":[3]} "#, "data", -1),
        // Text yajl rejects on its first byte: located at that byte, not past it.
        (#"[1,2] x"#, .root, 6), (#"[1,2]}"#, .root, 5), (#"{"data":[1,2]}  ,"#, "data", 16),
    ]

}
