@_spi(FastMapCore) import FastMapCore
import Foundation

extension JSONNode {
    /// The node at `components` below this one, without errors: nil when a step is missing.
    @inline(__always)
    func descendant(at components: [JSONKeyPath.Component]) -> JSONNode? {
        var current = self
        for component in components {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }
}
