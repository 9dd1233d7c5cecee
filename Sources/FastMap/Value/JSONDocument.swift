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

    /// An upper bound on how deeply the tree nests (0 for a scalar).
    let depth: Int

    /// Takes over one reference to `root`.
    init(owning root: JSONNode, unsignedNodes: Set<UnsafeMutableRawPointer> = [], depth: Int) {
        self.root = root
        self.unsignedNodes = unsignedNodes
        self.depth = depth
    }

    deinit {
        // jansson frees recursively; parsed trees are bounded by the parser's limit, but trees
        // nested in code can be arbitrarily deep.
        if depth > JSONDocument.recursiveReleaseLimit { root.releaseDeep() } else { root.release() }
    }

    static let recursiveReleaseLimit = 1024

    @inline(__always)
    func isUnsigned(_ node: JSONNode) -> Bool {
        !unsignedNodes.isEmpty && unsignedNodes.contains(node.identity)
    }
}
