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
