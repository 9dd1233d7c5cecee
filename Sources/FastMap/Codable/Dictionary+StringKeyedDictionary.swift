@_spi(FastMapCore) import FastMapCore
import Foundation

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    package static func decodeExemptFromKeyStrategy(
        _ decoder: JSONTreeDecoder, _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> Self {
        if node.isNull { throw decoder.valueNotFound([String: Any].self, at: path, step) }
        guard node.isObject else { throw decoder.typeMismatch([String: Any].self, found: node, at: path, step) }
        decoder.sparse?.readsEveryMember(node)
        return try decoder.with(node, at: path, step) {
            var result: [String: Value] = [:]
            result.reserveCapacity(node.objectCount)
            let position = decoder.currentPath
            // Under a key strategy Foundation names members by their text alone; with default
            // keys this stands in for `Dictionary.init(from:)` and its `_DictionaryCodingKey`.
            let readsInteger = decoder.keyStrategy.isDefault
            // Asked once for all members, as for array elements.
            let route = decoder.elementRoute(Value.self)
            try node.forEachNamedMember { key, child in
                let step = CodingPathComponent.key(DictionaryMemberKey(key, readsInteger: readsInteger))
                let value: Value =
                    switch route {
                    case .itself: try decoder.decodeItself(Value.self, child, at: position, step)
                    case .scalarArray(let kind):
                        try decoder.scalarArray(kind: kind, child, as: Value.self, at: position, step)
                    case .unwrap: try decoder.unwrap(child, as: Value.self, at: position, step)
                    }
                // Keys equal as Swift strings (different Unicode spellings): the first one wins.
                // One hash lookup when keys are distinct, and `value` moves into the dictionary
                // (a `default:` subscript would copy it and destroy the original, which retains
                // and releases every reference the value holds); a repeated key puts the first
                // value back.
                if let first = result.updateValue(consume value, forKey: key) { result[key] = first }
            }
            return result
        }
    }
}
