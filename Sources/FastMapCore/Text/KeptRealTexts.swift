/// The text, exactly as written, of a streamed element's exceptional reals (see
/// ``NumberTextIndex/isExceptional(_:value:)``), kept by the streaming tokenizer while it read
/// the element: a stream cannot go back to the input, whose bytes may be long gone.
///
/// The element's ``JSONDocument`` owns it, and so keeps alive every node it names: an address
/// can never outlive its node and be mistaken for a later one.
package struct KeptRealTexts {
    /// The reals' nodes, in the order their texts are stored.
    let nodes: [UnsafeMutableRawPointer]
    /// Where each text ends in `bytes` (each starts where the previous one ends).
    let ends: [Int]
    let bytes: [UInt8]

    init(nodes: [UnsafeMutableRawPointer], ends: [Int], bytes: [UInt8]) {
        self.nodes = nodes
        self.ends = ends
        self.bytes = bytes
    }

    /// Calls `visit` with each kept real and its text.
    func forEach(_ visit: (JSONNode, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for (node, end) in zip(nodes, ends) {
                visit(JSONNode(opaque: OpaquePointer(node)), UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
        }
    }
}
