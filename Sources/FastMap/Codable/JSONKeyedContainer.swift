@_spi(FastMapCore) import FastMapCore

/// Reads the members of one JSON object. With the default key strategy a lookup finds the coding
/// key's name among the object's members in the document, in order from the last one found (see
/// `JSONTreeDecoder.orderedMember`); other strategies look keys up in a map built once per
/// object (see ``ConvertedKeys``).
package struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Held, so that a container a model keeps beyond the `decode` call still reads its object.
    package let decoder: JSONTreeDecoder
    package let object: JSONNode
    package let path: CodingPathReference
    /// The object's members under their converted names, for a key strategy (nil otherwise).
    private let converted: ConvertedKeys?

    package init(decoder: JSONTreeDecoder, object: JSONNode, path: CodingPathReference) throws {
        self.decoder = decoder
        self.object = object
        self.path = path
        converted = try decoder.convertedKeys(of: object, at: path)
    }

    package var codingPath: [any CodingKey] { decoder.codingPath(path) }

    package var allKeys: [Key] {
        decoder.sparse?.readsWhole(object)
        if let converted { return converted.order.compactMap { Key(stringValue: $0) } }
        var keys: [Key] = []
        keys.reserveCapacity(object.objectCount)
        // Keys equal as Swift strings are one key, as in JSONDecoder's dictionary of members.
        object.forEachDistinctNamedMember { name, _ in
            if let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    @inline(__always)
    private func lookup(_ key: Key) -> JSONNode? {
        if let converted { return converted.node(named: key.stringValue) }
        return decoder.orderedMember(key.stringValue, of: object, depth: path.depth)
    }

    @inline(__always)
    private func value(for key: Key) throws -> JSONNode {
        guard let node = lookup(key) else { throw decoder.keyNotFound(key, in: object, at: path) }
        return node
    }

    /// The member for `decodeIfPresent`: nil when missing or null.
    @inline(__always)
    private func presentValue(for key: Key) -> JSONNode? {
        guard let node = lookup(key), !node.isNull else { return nil }
        return node
    }

    package func contains(_ key: Key) -> Bool { lookup(key) != nil }

    package func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.readBool(value(for: key), at: path, .key(key))
    }

    package func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.readString(value(for: key), at: path, .key(key))
    }

    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.readFloat(value(for: key), type, at: path, .key(key))
    }

    package func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.readFloat(value(for: key), type, at: path, .key(key))
    }

    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    package func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
    package func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.readInteger(value(for: key), type, at: path, .key(key))
    }

    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(value(for: key), as: type, at: path, .key(key))
    }

    package func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readBool(node, at: path, .key(key))
    }

    package func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readString(node, at: path, .key(key))
    }

    package func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readFloat(node, type, at: path, .key(key))
    }

    package func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readFloat(node, type, at: path, .key(key))
    }

    package func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    package func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    package func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    package func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try integerIfPresent(type, key)
    }
    package func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try integerIfPresent(type, key)
    }

    @inline(__always)
    private func integerIfPresent<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readInteger(node, type, at: path, .key(key))
    }

    package func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.unwrap(node, as: type, at: path, .key(key))
    }

    package func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.container(keyedBy: type, node: value(for: key), at: path, .key(key))
    }

    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer(node: value(for: key), at: path, .key(key))
    }

    package func superDecoder() throws -> any Decoder {
        let node = converted?.node(named: "super") ?? decoder.member("super", of: object, exact: true)
        return superDecoder(FastCodingKey.super, node: node)
    }

    package func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(key, node: lookup(key))
    }

    /// As Foundation: a missing key gives a decoder for `null` rather than an error.
    private func superDecoder(_ key: any CodingKey, node: JSONNode?) -> any Decoder {
        JSONTreeDecoder(
            sharing: decoder, node: node ?? .sharedNull, path: decoder.components(path, .key(key)))
    }
}
