/// Owns one value's document: its cells (in an arena) and the documents of the values it was
/// composed from. Every `JSON` value that reads part of it holds this object, so the document
/// costs one atomic reference count however many values point into it.
///
/// A parsed document has its cells from the start. A value built in code keeps its
/// ``JSONBuildNode`` tree and writes it into cells the first time it is read, so composing values
/// (`[json]`, `JSON(members:)`) costs the same however large the parts are: a part built in code
/// is written with the whole, a parsed part's cells are copied then.
///
/// The cells are never written after they are made, which is what makes sharing a document
/// between threads safe.
package final class JSONDocument: @unchecked Sendable {
    /// The cells, once written: the root, the memory holding it, and the documents its strings
    /// point into.
    package struct Cells {
        package let root: JSONNode
        package let arena: JSONArena?
        package let borrowedDocuments: [JSONDocument]
    }

    /// A parsed document's cells (nil for a value built in code).
    private let parsed: Cells?
    /// A value built in code, and its cells once written.
    package private(set) var built: JSONBuildNode?
    private let written: LockedValue<Cells?>

    /// An upper bound on how deeply the value nests (0 for a scalar).
    package let depth: Int

    package init(root: JSONNode, depth: Int, arena: JSONArena?, borrowedDocuments: [JSONDocument] = []) {
        parsed = Cells(root: root, arena: arena, borrowedDocuments: borrowedDocuments)
        built = nil
        written = LockedValue(nil)
        // Parsed with `maximumDepth: .max`, the bound is Int.max; callers add a few levels to
        // it when composing, so it is capped far below overflow (and far above any real tree).
        self.depth = min(depth, JSONDocument.depthCap)
    }

    /// A value built in code, nesting at most `depth` levels, written when first read.
    package init(building node: JSONBuildNode, depth: Int) {
        parsed = nil
        built = node
        written = LockedValue(nil)
        self.depth = min(depth, JSONDocument.depthCap)
    }

    /// Whether the cells of this value built in code are written yet.
    var isWritten: Bool { parsed != nil || written.withLock { $0 != nil } }

    /// The document's cells, written now if they were not yet.
    package var cells: Cells {
        if let parsed { return parsed }
        return written.withLock { cells in
            if let cells { return cells }
            let made = built!.makeCells()
            cells = made
            return made
        }
    }

    /// The root cell.
    @inline(__always) package var root: JSONNode { parsed?.root ?? cells.root }

    /// Takes the tree of a value built in code out of a document being released.
    func takeBuilt() -> JSONBuildNode? {
        defer { built = nil }
        return built
    }

    /// A document of `null` that is never freed: what a decoder waiting for its next streamed
    /// element points at, so that it does not keep the last element's document alive.
    package static let null = JSONDocument(root: .sharedNull, depth: 0, arena: nil)

    /// The largest ``depth`` recorded: any bound above it means "unknown, maybe very deep".
    package static let depthCap = Int.max / 4

    /// Whether `node`'s stored bits are a UInt64 above Int64.max.
    @inline(__always)
    package func isUnsigned(_ node: JSONNode) -> Bool { node.isUnsignedInteger }

    /// Bytes the document's own memory holds (its text, cells and bytes), for tests and
    /// benchmarks.
    package var memorySize: Int { cells.arena?.size ?? 0 }
}
