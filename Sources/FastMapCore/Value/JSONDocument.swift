/// Owns one jansson tree. Every `JSON` value that reads part of the tree holds this object,
/// so the tree costs one atomic reference count however many values point into it.
///
/// The tree is never mutated after the document is created, which is what makes sharing it
/// between threads safe.
package final class JSONDocument: @unchecked Sendable {
    package let root: JSONNode

    /// An upper bound on how deeply the tree nests (0 for a scalar).
    package let depth: Int

    /// When set, every node of the tree lives in this arena and is freed with it: the tree
    /// is never released node by node.
    package let arena: JSONArena?
    /// Arena-backed documents whose nodes this tree shares; kept alive as long as this one.
    package let borrowedDocuments: [JSONDocument]
    /// A streamed element's exceptional reals as written (nil for every other tree, whose
    /// decoders read them from their input).
    package let keptRealTexts: KeptRealTexts?
    /// Set by the parser (the yajl and simdjson engines) when every real number of the tree has
    /// its exact value in its double, so that no number text needs to be read from the input
    /// (see ``NumberTextIndex``); false when one does not, or when nobody can say.
    package let realsAreExact: Bool
    /// Set by the same parsers when every real of the tree that is zero was written as a plain
    /// zero (`0.0`, `-0e0`), none as an underflow (`1e-400`): reading a zero then needs no text,
    /// which a sparse tree could only get from the full one.
    package let zerosArePlain: Bool

    /// Takes over one reference to `root` (or, with an arena, the arena holding the tree).
    package init(
        owning root: JSONNode, depth: Int,
        arena: JSONArena? = nil, borrowedDocuments: [JSONDocument] = [], keptRealTexts: KeptRealTexts? = nil,
        realsAreExact: Bool = false, zerosArePlain: Bool = false
    ) {
        self.root = root
        // Parsed with `maximumDepth: .max`, the bound is Int.max; callers add a few levels to
        // it when composing, so it is capped far below overflow (and far above any real tree).
        self.depth = min(depth, JSONDocument.depthCap)
        self.arena = arena
        self.borrowedDocuments = borrowedDocuments
        self.keptRealTexts = keptRealTexts
        self.realsAreExact = realsAreExact
        self.zerosArePlain = zerosArePlain
    }

    deinit {
        // An arena frees the whole tree when this object's properties are released.
        guard arena == nil else { return }
        // jansson frees recursively; parsed trees are bounded by the parser's limit, but trees
        // nested in code can be arbitrarily deep. Nodes borrowed from arena documents are
        // referenced by their own tree too, so releasing ours never frees them.
        if depth > JSONDocument.recursiveReleaseLimit { root.releaseDeep() } else { root.release() }
    }

    package static let recursiveReleaseLimit = 1024

    /// A document of `null` that is never freed: what a decoder waiting for its next streamed
    /// element points at, so that it does not keep the last element's tree alive.
    package static let null = JSONDocument(owning: .sharedNull, depth: 0)

    /// The largest ``depth`` recorded: any bound above it means "unknown, maybe very deep".
    static let depthCap = Int.max / 4

    /// Whether `node`'s stored bits are a UInt64 above Int64.max (jansson has no unsigned
    /// integers). The fact is kept in the node itself, so it holds in any tree the node is
    /// composed into and can never be confused with a later node at the same address.
    @inline(__always)
    package func isUnsigned(_ node: JSONNode) -> Bool { node.isUnsignedInteger }
}
