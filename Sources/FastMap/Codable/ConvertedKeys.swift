@_spi(FastMapCore) import FastMapCore
import Foundation

/// An object's members under their converted names, first one wins (as in Foundation).
///
/// Objects of a key sequence met before share its ``JSONKeyShape`` (the names converted once)
/// and keep only their member values; other objects (large ones, `.custom` conversions, which
/// see each object's coding path) hash their converted names.
///
/// A class, so that a keyed container holds it as one optional reference: the standard
/// library's box copies the container for every member read, and each reference field is one
/// more retain and release in that copy, whatever the key strategy.
package final class ConvertedKeys {
    private let shape: JSONKeyShape?
    private let values: [JSONNode]
    private let nodes: [String: JSONNode]
    private let hashedOrder: [String]

    /// The converted names, first occurrences only, in member order.
    package var order: [String] { shape?.firstNames ?? hashedOrder }

    /// Members named through `shape`, whose values are `values`.
    package init(shape: JSONKeyShape, values: [JSONNode]) {
        self.shape = shape
        self.values = values
        nodes = [:]
        hashedOrder = []
    }

    /// Members named by converting each key of `object` on its own.
    package init(_ object: JSONNode, convert: (String) -> String) {
        var nodes: [String: JSONNode] = [:]
        var order: [String] = []
        nodes.reserveCapacity(object.objectCount)
        object.forEachNamedMember { name, node in
            let key = convert(name)
            if nodes[key] == nil {
                nodes[key] = node
                order.append(key)
            }
        }
        shape = nil
        values = []
        self.nodes = nodes
        hashedOrder = order
    }

    /// The first member whose converted name is `name`.
    package func node(named name: String) -> JSONNode? {
        guard let shape else { return nodes[name] }
        // A few dozen members at most: comparing names beats hashing one.
        for index in shape.names.indices where shape.isFirst[index] && shape.names[index] == name {
            return values[index]
        }
        return nil
    }
}
