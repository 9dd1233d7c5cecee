@_spi(FastMapCore) import FastMapCore
import Foundation

/// An object's members under their converted names, first one wins (as in Foundation).
package struct ConvertedKeys {
    package var nodes: [String: JSONNode] = [:]
    package var order: [String] = []

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
