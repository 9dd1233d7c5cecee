@_spi(FastMapCore) import FastMapCore
import Foundation

/// An object's members under their converted names, first one wins (as in Foundation).
///
/// A class, so that a keyed container holds it as one optional reference: the standard
/// library's box copies the container for every member read, and each reference field is one
/// more retain and release in that copy, whatever the key strategy.
package final class ConvertedKeys {
    package private(set) var nodes: [String: JSONNode] = [:]
    package private(set) var order: [String] = []

    package init(_ object: JSONNode, convert: (String) -> String) {
        nodes.reserveCapacity(object.objectCount)
        object.forEachNamedMember { name, node in
            let key = convert(name)
            if nodes[key] == nil {
                nodes[key] = node
                order.append(key)
            }
        }
    }
}
