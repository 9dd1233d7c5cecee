extension KeyedDecodingContainer {
    /// The value at a nested `path` below this container; throws `keyNotFound` when a step is
    /// missing, `valueNotFound` when a step is `null`, `typeMismatch` when a step has the wrong kind.
    public func decode<Value: Decodable>(_ type: Value.Type, at path: [JSONModelPathStep<Key>]) throws -> Value {
        // Force-unwrap is safe: with required == true every missing or null step throws.
        try JSONModelPath.decode(type, in: .keyed(self), path: path[...], required: true)!
    }

    /// The object at `key` as a container, or `nil` when the key is missing or `null`; a value of
    /// another kind still throws `typeMismatch`.
    public func nestedContainerIfPresent(forKey key: Key) throws -> KeyedDecodingContainer<Key>? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try nestedContainer(keyedBy: Key.self, forKey: key)
    }

    /// The value at a nested `path` below this container, or `nil` when any step is missing or
    /// `null`; a step of the wrong kind still throws.
    public func decodeIfPresent<Value: Decodable>(_ type: Value.Type, at path: [JSONModelPathStep<Key>]) throws
        -> Value?
    {
        try JSONModelPath.decode(type, in: .keyed(self), path: path[...], required: false)
    }
}

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
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: "A key path needs at least one step."))
        }
        let rest = path.dropFirst()
        switch (container, step) {
        case (.keyed(let keyed), .key(let key)):
            if rest.isEmpty {
                return required ? try keyed.decode(type, forKey: key) : try keyed.decodeIfPresent(type, forKey: key)
            }
            guard keyed.contains(key) else {
                if !required { return nil }
                throw DecodingError.keyNotFound(
                    key,
                    .init(codingPath: keyed.codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
            }
            if try keyed.decodeNil(forKey: key) {
                if !required { return nil }
                throw DecodingError.valueNotFound(
                    type,
                    .init(
                        codingPath: keyed.codingPath + [key],
                        debugDescription: "Found null at \"\(key.stringValue)\" where a nested value was expected."))
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
                throw DecodingError.keyNotFound(
                    JSONModelKey(intValue: index),
                    .init(
                        codingPath: unkeyed.codingPath,
                        debugDescription: "Index \(index) is out of range: the array has \(count) elements."))
            }
            while unkeyed.currentIndex < index && !unkeyed.isAtEnd { _ = try unkeyed.decode(JSONModelSkip.self) }
            if rest.isEmpty {
                return required ? try unkeyed.decode(type) : try unkeyed.decodeIfPresent(type)
            }
            if try unkeyed.decodeNil() {
                if !required { return nil }
                throw DecodingError.valueNotFound(
                    type,
                    .init(
                        codingPath: unkeyed.codingPath + [JSONModelKey(intValue: index)],
                        debugDescription: "Found null at index \(index) where a nested value was expected."))
            }
            let next: Container<Key> =
                if case .index? = rest.first {
                    .unkeyed(try unkeyed.nestedUnkeyedContainer())
                } else {
                    .keyed(try unkeyed.nestedContainer(keyedBy: Key.self))
                }
            return try decode(type, in: next, path: rest, required: required)
        case (.keyed(let keyed), .index):
            throw DecodingError.typeMismatch(
                [Any].self,
                .init(codingPath: keyed.codingPath, debugDescription: "Expected an array but found an object."))
        case (.unkeyed(let unkeyed), .key):
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: unkeyed.codingPath, debugDescription: "Expected an object but found an array."))
        }
    }
}

/// Steps of the generated code that do not depend on the model: modifiers and validation.
public enum JSONModelRuntime {
    /// `value` changed by `modifier`.
    @inlinable
    public static func apply<Value>(_ value: Value, _ modifier: JSONModifier<Value>) throws -> Value {
        try modifier.apply(value)
    }

    /// `value` changed by `modifier` when not `nil`.
    @inlinable
    public static func apply<Value>(_ value: Value?, _ modifier: JSONModifier<Value>) throws -> Value? {
        try value.map(modifier.apply)
    }

    /// `value`, after checking it with `predicate`; throws a ``FastMapError`` (`invalidValue`) that
    /// shows the value when the check fails.
    @inlinable
    public static func validate<Value>(_ value: Value, _ predicate: (Value) throws -> Bool) throws -> Value {
        guard try predicate(value) else { throw validationFailure(value) }
        return value
    }

    /// `value`, after checking it with `predicate` when not `nil`.
    @inlinable
    public static func validate<Value>(_ value: Value?, _ predicate: (Value) throws -> Bool) throws -> Value? {
        guard let value else { return nil }
        guard try predicate(value) else { throw validationFailure(value) }
        return value
    }

    @usableFromInline
    static func validationFailure(_ value: Any) -> FastMapError {
        let shown = value is String ? "\"\(value)\"" : "\(value)"
        return FastMapError(kind: .invalidValue, message: "validation failed for \(shown)", foundSnippet: shown)
    }
}
