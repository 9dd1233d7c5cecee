@_spi(FastMapCore) import FastMapCore
import Foundation

/// The `Decoder` a `JSONCodable` model with transformers decodes from: the tree decoder, with
/// keyed containers that apply the model's transformers. Two words, so passing it as
/// `any Decoder` allocates nothing.
struct TransformingDecoder: Decoder {
    let tree: JSONTreeDecoder
    let plan: TransformerPlan

    var codingPath: [any CodingKey] { tree.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { tree.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let node = tree.node
        guard node.isObject else {
            throw tree.containerMismatch([String: Any].self, node: node, at: tree.currentPath, nil)
        }
        let plain = try JSONKeyedContainer<Key>(decoder: tree, object: node, path: tree.currentPath)
        return KeyedDecodingContainer(TransformingKeyedContainer(plain: plain, plan: plan))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try tree.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try tree.singleValueContainer()
    }
}
