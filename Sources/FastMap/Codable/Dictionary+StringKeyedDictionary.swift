@_spi(FastMapCore) import FastMapCore
import Foundation

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    package static func decodeExemptFromKeyStrategy(
        _ decoder: JSONTreeDecoder, _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> Self {
        if node.isNull { throw decoder.valueNotFound([String: Any].self, at: path, step) }
        guard node.isObject else { throw decoder.typeMismatch([String: Any].self, found: node, at: path, step) }
        decoder.sparse?.readsWhole(node)
        return try decoder.with(node, at: path, step) {
            var result: [String: Value] = [:]
            result.reserveCapacity(node.objectCount)
            let position = decoder.currentPath
            // Under a key strategy Foundation names members by their text alone; with default
            // keys this stands in for `Dictionary.init(from:)` and its `_DictionaryCodingKey`.
            let readsInteger = decoder.keyStrategy.isDefault
            // Asked once for all members, as for array elements.
            let decodesItself = decoder.decodesItself(Value.self)
            try node.forEachNamedMember { key, child in
                let step = CodingPathComponent.key(DictionaryMemberKey(key, readsInteger: readsInteger))
                let value =
                    decodesItself
                    ? try decoder.decodeItself(Value.self, child, at: position, step)
                    : try decoder.unwrap(child, as: Value.self, at: position, step)
                // Keys equal as Swift strings (different Unicode spellings): the first one wins.
                // One hash lookup: a modifying access through the `default:` subscript stores
                // the value only when the key is new.
                keepFirst(&result[key, default: value])
            }
            return result
        }
    }

    /// Does nothing: passing `dictionary[key, default: value]` inout is what stores `value` when
    /// `key` is new, and leaves the stored value alone when it is not.
    @inline(__always)
    private static func keepFirst(_ value: inout Value) {}
}
