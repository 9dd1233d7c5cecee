import SwiftSyntax

/// The properties' key paths as a tree, so each nested container is created once when encoding.
struct EncodeTree {
    final class Node {
        let step: PathStep?
        var children: [Node] = []
        var leaf: Int?

        init(step: PathStep?) {
            self.step = step
        }

        var isArray: Bool {
            if case .index? = children.first?.step { return true }
            return false
        }
    }

    let root = Node(step: nil)

    init(_ properties: [ModelProperty]) {
        for (index, property) in properties.enumerated() where property.encodes && !property.flatten {
            var node = root
            for step in property.writtenPath {
                if let existing = node.children.first(where: { $0.step == step }) {
                    node = existing
                } else {
                    let child = Node(step: step)
                    node.children.append(child)
                    node = child
                }
            }
            // The first property with a path writes it; later readers of the same key do not.
            if node.leaf == nil && node.children.isEmpty { node.leaf = index }
        }
    }
}
