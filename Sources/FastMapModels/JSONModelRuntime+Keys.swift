/// Key choice, flattening and re-rooting for generated code.
extension JSONModelRuntime {
    /// `primary` when `container` has it, else the first of `aliases` it has, else `primary` (so
    /// a missing value is reported under the property's own key).
    @inlinable
    public static func key<Key>(_ primary: Key, or aliases: [Key], in container: KeyedDecodingContainer<Key>) -> Key {
        if container.contains(primary) { return primary }
        for alias in aliases where container.contains(alias) { return alias }
        return primary
    }

    /// The container form above, for a generated `init(document:)`.
    @inlinable
    public static func key(_ primary: StaticString, or aliases: [StaticString], in container: JSONObjectReader)
        -> StaticString
    {
        if container.contains(primary) { return primary }
        for alias in aliases where container.contains(alias) { return alias }
        return primary
    }

    /// A `@Flatten` property: the nested model reads the enclosing object through the same decoder.
    @inlinable
    public static func decodeFlattened<Value: Decodable>(_ type: Value.Type, from decoder: any Decoder) throws
        -> Value
    {
        try Value(from: decoder)
    }

    /// `@JSONModel(root:)`: the decoder of the object at `path` (object keys from the top).
    ///
    /// - Throws: `keyNotFound` when a step is missing, `valueNotFound` when it is `null`,
    ///   `typeMismatch` when it is not an object.
    public static func decoder(_ decoder: any Decoder, at path: [String]) throws -> any Decoder {
        var current = decoder
        for step in path {
            let key = JSONModelKey(stringValue: step)
            let container = try current.container(keyedBy: JSONModelKey.self)
            guard container.contains(key) else { throw CodingErrors.rootStepMissing(key, at: container.codingPath) }
            if try container.decodeNil(forKey: key) { throw CodingErrors.rootStepNull(key, at: container.codingPath) }
            // Checks the kind now, so a scalar fails with the step's own coding path.
            _ = try container.nestedContainer(keyedBy: JSONModelKey.self, forKey: key)
            current = try container.superDecoder(forKey: key)
        }
        return current
    }

    /// `@JSONModel(root:)`: the encoder that writes the object at `path`, creating the objects on
    /// the way.
    public static func encoder(_ encoder: any Encoder, at path: [String]) -> any Encoder {
        guard let last = path.last else { return encoder }
        var container = encoder.container(keyedBy: JSONModelKey.self)
        for step in path.dropLast() {
            container = container.nestedContainer(keyedBy: JSONModelKey.self, forKey: JSONModelKey(stringValue: step))
        }
        return container.superEncoder(forKey: JSONModelKey(stringValue: last))
    }
}
