/// Walks nested containers along a path.
enum JSONModelPath {
    enum Container<Key: CodingKey> {
        case keyed(KeyedDecodingContainer<Key>)
        case unkeyed(any UnkeyedDecodingContainer)

        var codingPath: [any CodingKey] {
            switch self {
            case .keyed(let keyed): keyed.codingPath
            case .unkeyed(let unkeyed): unkeyed.codingPath
            }
        }
    }

    static func decode<Key, Value: Decodable>(
        _ type: Value.Type, in container: Container<Key>, path: ArraySlice<JSONModelPathStep<Key>>, required: Bool
    ) throws -> Value? {
        guard let step = path.first else {
            // Only a hand-written call can pass no steps: the macro rejects an empty @Key.
            throw CodingErrors.dataCorrupted(at: container.codingPath, "A key path needs at least one step.")
        }
        let rest = path.dropFirst()
        switch (container, step) {
        case (.keyed(let keyed), .key(let key)):
            if rest.isEmpty {
                return required ? try keyed.decode(type, forKey: key) : try keyed.decodeIfPresent(type, forKey: key)
            }
            guard keyed.contains(key) else {
                if !required { return nil }
                throw CodingErrors.keyNotFound(key, at: keyed.codingPath, "No value for key \"\(key.stringValue)\".")
            }
            if try keyed.decodeNil(forKey: key) {
                if !required { return nil }
                throw CodingErrors.valueNotFound(
                    type, at: keyed.codingPath + [key],
                    "Found null at \"\(key.stringValue)\" where a nested value was expected.")
            }
            let next: Container<Key> =
                if case .index? = rest.first {
                    .unkeyed(try keyed.nestedUnkeyedContainer(forKey: key))
                } else {
                    .keyed(try keyed.nestedContainer(keyedBy: Key.self, forKey: key))
                }
            return try decode(type, in: next, path: rest, required: required)
        case (.unkeyed(var unkeyed), .index(let index)):
            if let count = unkeyed.count, index >= count {
                if !required { return nil }
                throw CodingErrors.keyNotFound(
                    JSONModelKey(intValue: index), at: unkeyed.codingPath,
                    "Index \(index) is out of range: the array has \(count) elements.")
            }
            while unkeyed.currentIndex < index && !unkeyed.isAtEnd { _ = try unkeyed.decode(JSONModelSkip.self) }
            if rest.isEmpty {
                return required ? try unkeyed.decode(type) : try unkeyed.decodeIfPresent(type)
            }
            if try unkeyed.decodeNil() {
                if !required { return nil }
                throw CodingErrors.valueNotFound(
                    type, at: unkeyed.codingPath + [JSONModelKey(intValue: index)],
                    "Found null at index \(index) where a nested value was expected.")
            }
            let next: Container<Key> =
                if case .index? = rest.first {
                    .unkeyed(try unkeyed.nestedUnkeyedContainer())
                } else {
                    .keyed(try unkeyed.nestedContainer(keyedBy: Key.self))
                }
            return try decode(type, in: next, path: rest, required: required)
        case (.keyed(let keyed), .index):
            throw CodingErrors.typeMismatch([Any].self, at: keyed.codingPath, "Expected an array but found an object.")
        case (.unkeyed(let unkeyed), .key):
            throw CodingErrors.typeMismatch(
                [String: Any].self, at: unkeyed.codingPath, "Expected an object but found an array.")
        }
    }
}
