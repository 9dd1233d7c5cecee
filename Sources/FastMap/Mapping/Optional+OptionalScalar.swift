@_spi(FastMapCore) import FastMapCore
import Foundation

extension Optional: OptionalScalar {
    static func read(_ node: JSONNode, in document: JSONDocument) -> Wrapped?? {
        if node.isNull { return .some(.none) }
        return JSON.readScalar(Wrapped.self, node, in: document).map { .some($0) }
    }
}
