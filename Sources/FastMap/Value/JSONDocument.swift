/// Owns one jansson tree. Every `JSON` value that reads part of the tree holds this object,
/// so the tree costs one atomic reference count however many values point into it.
///
/// The tree is never mutated after the document is created, which is what makes sharing it
/// between threads safe.
final class JSONDocument: @unchecked Sendable {
    let root: JSONNode
    /// Integer nodes whose stored bits are a UInt64 above Int64.max (jansson has no unsigned
    /// integers). Almost always empty, so the lookup costs nothing in the common case.
    let unsignedNodes: Set<UnsafeMutableRawPointer>

    /// Takes over one reference to `root`.
    init(owning root: JSONNode, unsignedNodes: Set<UnsafeMutableRawPointer> = []) {
        self.root = root
        self.unsignedNodes = unsignedNodes
    }

    deinit {
        root.release()
    }

    @inline(__always)
    func isUnsigned(_ node: JSONNode) -> Bool {
        !unsignedNodes.isEmpty && unsignedNodes.contains(node.identity)
    }
}
