/// Where a container sits: the first `depth` components of its decoder's path stack, followed by
/// the ``CodingPathNode`` chain `tail` for containers made by `nestedContainer` (which add a
/// step without decoding a value).
///
/// A container is used while the `init(from:)` that made it runs, and during that time the
/// stack below `depth` cannot change; so the path is known without copying it anywhere.
package struct CodingPathReference {
    package var depth: Int
    package var tail: CodingPathNode?

    package init(depth: Int, tail: CodingPathNode?) {
        self.depth = depth
        self.tail = tail
    }

    package func appending(_ component: CodingPathComponent) -> CodingPathReference {
        CodingPathReference(depth: depth, tail: CodingPathNode(parent: tail, component: component))
    }
}
