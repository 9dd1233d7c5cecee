@_spi(FastMapCore) import FastMapCore

/// Reads the members of one JSON object. With the default key strategy a lookup hashes the
/// coding key's UTF-8 straight into jansson; other strategies look keys up in a map built once
/// per object (see ``ConvertedKeys``).
package struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Unowned (read through `reading(_:)`), so that neither the copy of the container the
    /// standard library's box makes for each read nor the read itself takes a reference: while
    /// the container is in use, the `init(from:)` that asked for it holds the decoder, and
    /// ``KeyedContainerState/owner`` holds it for a container kept beyond that.
    private let unownedDecoder: UnownedReference<JSONTreeDecoder>
    /// What changes when the container's box is handed out again (see ``ReusableContainerBoxes``).
    package let state: KeyedContainerState

    package var object: JSONNode { state.object }
    package var path: CodingPathReference { state.path }
    private var converted: ConvertedKeys? { state.converted }

    /// A container of its own (not handed out again).
    package init(decoder: JSONTreeDecoder, object: JSONNode, path: CodingPathReference) throws {
        unownedDecoder = UnownedReference(decoder)
        state = KeyedContainerState(
            object: object, path: path, converted: try decoder.convertedKeys(of: object, at: path), owner: decoder)
    }

    init(decoder: JSONTreeDecoder, state: KeyedContainerState) {
        unownedDecoder = UnownedReference(decoder)
        self.state = state
    }

    /// The decoder (for the reads that are not per member).
    package var decoder: JSONTreeDecoder { unownedDecoder.object }

    /// Runs `body` with the decoder, taking no reference (the decoder is held while the
    /// container is in use, see `unownedDecoder`).
    @inline(__always)
    private func reading<R>(_ body: (JSONTreeDecoder) throws -> R) rethrows -> R {
        try unownedDecoder.reading(body)
    }

    package var codingPath: [any CodingKey] { decoder.codingPath(path) }

    package var allKeys: [Key] {
        decoder.sparse?.readsWhole(object)
        if let converted { return converted.order.compactMap { Key(stringValue: $0) } }
        var keys: [Key] = []
        keys.reserveCapacity(object.objectCount)
        object.forEachNamedMember { name, _ in
            if let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    @inline(__always)
    private func lookup(_ key: Key, _ decoder: JSONTreeDecoder) -> JSONNode? {
        if let converted { return converted.nodes[key.stringValue] }
        return decoder.orderedMember(key.stringValue, of: object, depth: path.depth)
    }

    @inline(__always)
    private func value(for key: Key, _ decoder: JSONTreeDecoder) throws -> JSONNode {
        guard let node = lookup(key, decoder) else { throw decoder.keyNotFound(key, in: object, at: path) }
        return node
    }

    /// The member for `decodeIfPresent`: nil when missing or null.
    @inline(__always)
    private func presentValue(for key: Key, _ decoder: JSONTreeDecoder) -> JSONNode? {
        guard let node = lookup(key, decoder), !node.isNull else { return nil }
        return node
    }

    package func contains(_ key: Key) -> Bool { reading { lookup(key, $0) != nil } }

    package func decodeNil(forKey key: Key) throws -> Bool { try reading { try value(for: key, $0).isNull } }

    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try reading { decoder in try decoder.readBool(value(for: key, decoder), at: path, .key(key)) }
    }

    package func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try reading { decoder in try decoder.readString(value(for: key, decoder), at: path, .key(key)) }
    }

    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try reading { decoder in try decoder.readFloat(value(for: key, decoder), type, at: path, .key(key)) }
    }

    package func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try reading { decoder in try decoder.readFloat(value(for: key, decoder), type, at: path, .key(key)) }
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
        try reading { decoder in try decoder.readInteger(value(for: key, decoder), type, at: path, .key(key)) }
    }

    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try reading { decoder in try decoder.unwrap(value(for: key, decoder), as: type, at: path, .key(key)) }
    }

    package func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try reading { decoder in
            guard let node = presentValue(for: key, decoder) else { return nil }
            return try decoder.readBool(node, at: path, .key(key))
        }
    }

    package func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try reading { decoder in
            guard let node = presentValue(for: key, decoder) else { return nil }
            return try decoder.readString(node, at: path, .key(key))
        }
    }

    package func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try reading { decoder in
            guard let node = presentValue(for: key, decoder) else { return nil }
            return try decoder.readFloat(node, type, at: path, .key(key))
        }
    }

    package func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try reading { decoder in
            guard let node = presentValue(for: key, decoder) else { return nil }
            return try decoder.readFloat(node, type, at: path, .key(key))
        }
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
        try reading { decoder in
            guard let node = presentValue(for: key, decoder) else { return nil }
            return try decoder.readInteger(node, type, at: path, .key(key))
        }
    }

    package func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try reading { decoder in
            guard let node = presentValue(for: key, decoder) else { return nil }
            return try decoder.unwrap(node, as: type, at: path, .key(key))
        }
    }

    package func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try reading { decoder in
            try decoder.container(keyedBy: type, node: value(for: key, decoder), at: path, .key(key))
        }
    }

    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try reading { decoder in try decoder.unkeyedContainer(node: value(for: key, decoder), at: path, .key(key)) }
    }

    package func superDecoder() throws -> any Decoder {
        superDecoder(
            FastCodingKey.super, node: converted?.nodes["super"] ?? decoder.member("super", of: object, exact: true))
    }

    package func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(key, node: lookup(key, decoder))
    }

    /// As Foundation: a missing key gives a decoder for `null` rather than an error.
    private func superDecoder(_ key: any CodingKey, node: JSONNode?) -> any Decoder {
        JSONTreeDecoder(
            sharing: decoder, node: node ?? .sharedNull, path: decoder.components(path, .key(key)))
    }
}
