@_spi(FastMapCore) import FastMapCore
import Foundation

/// The keyed container of a `JSONCodable` model with transformers. Keys are the model's
/// property keys; a key with a transformer is looked up through it on the tree (key paths,
/// defaults, maps, dates), any other key goes to the plain container.
struct TransformingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let plain: JSONKeyedContainer<Key>
    let plan: TransformerPlan

    var decoder: JSONTreeDecoder { plain.decoder }
    var object: JSONNode { plain.object }
    var path: CodingPathReference { plain.path }
    var codingPath: [any CodingKey] { plain.codingPath }

    var allKeys: [Key] {
        var keys = plain.allKeys
        var names = Set(keys.map(\.stringValue))
        for (name, rule) in plan.rules.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            guard let key = Key(stringValue: name), !resolve(rule, key).isMissing else { continue }
            keys.append(key)
            names.insert(name)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        guard let rule = plan.rule(for: key.stringValue) else { return plain.contains(key) }
        return !resolve(rule, key).isMissing
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let rule = plan.rule(for: key.stringValue) else {
            return try annotating(key, source: nil) { try plain.decodeNil(forKey: key) }
        }
        switch resolve(rule, key) {
        case .missing: throw missingValue(rule, key)
        case .node(let node, _): return node.isNull
        case .value(let json): return json.isNull
        case .failure(let message): throw invalidDefault(message, key)
        case .mapped, .date, .badDate: return false
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) { try decoder.readBool($0, at: path, .key(key)) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) { try decoder.readString($0, at: path, .key(key)) }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try float(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try float(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) {
            try decoder.unwrap($0, as: type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) {
            try decoder.readInteger($0, type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func float<T: BinaryFloatingPoint & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try scalar(type, key, { try $0.decode(type, forKey: key) }) {
            try decoder.readFloat($0, type, at: path, .key(key))
        }
    }

    /// One property: keys without a transformer go to the plain container (`plainRead`), values
    /// found in the document are read with `read` (the reader of the requested type, without
    /// going through `T.init(from:)`), and converted values go the generic way.
    @inline(__always)
    private func scalar<T: Decodable>(
        _ type: T.Type, _ key: Key, _ plainRead: (JSONKeyedContainer<Key>) throws -> T, read: (JSONNode) throws -> T
    ) throws -> T {
        guard let rule = plan.rule(for: key.stringValue) else {
            do {
                return try plainRead(plain)
            } catch let error as DecodingError {
                throw annotate(error, key, source: nil)
            }
        }
        let slot = resolve(rule, key)
        if case .node(let node, let source) = slot {
            do {
                return try read(node)
            } catch let error as DecodingError {
                throw annotate(error, key, source: source)
            }
        }
        return try decodeConverted(type, slot, rule, key)
    }

    // MARK: Nested containers

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        guard let rule = plan.rule(for: key.stringValue) else {
            return try annotating(key, source: nil) { try plain.nestedContainer(keyedBy: type, forKey: key) }
        }
        let (tree, node, source) = try treeValue(resolve(rule, key), rule, key)
        return try annotating(key, source: source) {
            try tree.container(keyedBy: type, node: node, at: tree === decoder ? path : tree.currentPath, .key(key))
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let rule = plan.rule(for: key.stringValue) else {
            return try annotating(key, source: nil) { try plain.nestedUnkeyedContainer(forKey: key) }
        }
        let (tree, node, source) = try treeValue(resolve(rule, key), rule, key)
        return try annotating(key, source: source) {
            try tree.unkeyedContainer(node: node, at: tree === decoder ? path : tree.currentPath, .key(key))
        }
    }

    func superDecoder() throws -> any Decoder {
        try plain.superDecoder()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let rule = plan.rule(for: key.stringValue) else { return try plain.superDecoder(forKey: key) }
        let slot = resolve(rule, key)
        if case .missing = slot { return try plain.superDecoder(forKey: key) }
        let (tree, node, _) = try treeValue(slot, rule, key)
        let position = tree === decoder ? path : tree.currentPath
        return JSONTreeDecoder(sharing: tree, node: node, path: tree.components(position, .key(key)))
    }
}
