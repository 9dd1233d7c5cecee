/// A coding path as a chain of steps, newest first, like swift-foundation's `_CodingPathNode`:
/// a step is linked on only when a container nests, and the chain becomes `[any CodingKey]`
/// (or a ``JSONKeyPath``'s components) only when an error or a `codingPath` asks for it. `nil`
/// is the root, so an unnested position costs no allocation and a nil test.
///
/// It is the one path type of FastMap's front ends: the tree decoder's nested containers (the
/// steps past its stack, see ``CodingPathReference``), the `@JSONModel` reader's key paths,
/// Ladybug's encoder and the streaming decoder's array path. The tree decoder keeps the steps
/// of the values it is inside on ``CodingPathStack``, an allocation-free spine of the same
/// components, because entering every element and member is its hot path.
package final class CodingPathNode {
    package let parent: CodingPathNode?
    package let component: CodingPathComponent

    /// Links a step; nothing else is stored, so nesting costs one small allocation.
    package init(parent: CodingPathNode?, component: CodingPathComponent) {
        self.parent = parent
        self.component = component
    }

    /// Steps from the root to this one (counted: only errors and tests ask).
    package var count: Int {
        var result = 0
        var current: CodingPathNode? = self
        while let link = current {
            result += 1
            current = link.parent
        }
        return result
    }

    /// `parent` followed by each of `components` (`parent` itself when there are none).
    package static func appending(_ components: some Sequence<CodingPathComponent>, to parent: CodingPathNode?)
        -> CodingPathNode?
    {
        var node = parent
        for component in components { node = CodingPathNode(parent: node, component: component) }
        return node
    }

    /// `parent` followed by the steps of `keys`.
    package static func appending(keys: [any CodingKey], to parent: CodingPathNode?) -> CodingPathNode? {
        appending(keys.lazy.map { .key($0) }, to: parent)
    }

    /// The steps from the root to this one.
    package var components: [CodingPathComponent] {
        var result: [CodingPathComponent] = []
        var current: CodingPathNode? = self
        while let link = current {
            result.append(link.component)
            current = link.parent
        }
        return result.reversed()
    }

    /// The path as `Codable` reports it.
    package var codingPath: [any CodingKey] { components.map(\.codingKey) }

    /// The path as a ``JSONKeyPath``'s components.
    package var keyPathComponents: [JSONKeyPath.Component] { components.map(\.keyPathComponent) }
}

extension CodingPathNode? {
    /// The steps from the root (none for the root itself).
    package var components: [CodingPathComponent] { self?.components ?? [] }

    /// The path as `Codable` reports it (empty at the root).
    package var codingPath: [any CodingKey] { self?.codingPath ?? [] }

    /// The chain of the first `count` steps: an ancestor, no new link (the root for 0).
    package func prefix(_ count: Int) -> CodingPathNode? {
        var node = self
        var extra = (self?.count ?? 0) - max(0, count)
        while extra > 0, let link = node {
            node = link.parent
            extra -= 1
        }
        return node
    }
}
