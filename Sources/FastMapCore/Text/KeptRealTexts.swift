internal import CFastMap

/// The text, exactly as written, of a streamed element's exceptional reals (see
/// ``NumberTextIndex/isExceptional(_:value:)``), kept by the streaming tokenizer while it read
/// the element: a stream cannot go back to the input, whose bytes may be long gone.
///
/// The element's ``JSONDocument`` owns it, and so keeps alive every node it names: an address
/// can never outlive its node and be mistaken for a later one.
package struct KeptRealTexts {
    /// The element's reals: each one's node and where its text is in `bytes`.
    private let entries: [fm_stream_number_text]
    /// The texts of the reals of every element of one batch (an array shares its storage, so
    /// the batch pays for one copy); it names no node.
    private let bytes: [UInt8]

    init(entries: [fm_stream_number_text], bytes: [UInt8]) {
        self.entries = entries
        self.bytes = bytes
    }

    /// Calls `visit` with each kept real and its text.
    func forEach(_ visit: (JSONNode, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            for entry in entries {
                guard let node = entry.node, entry.start + entry.length <= bytes.count else { continue }
                let text = UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.length])
                visit(JSONNode(UnsafeMutablePointer(mutating: node)), text)
            }
        }
    }
}
