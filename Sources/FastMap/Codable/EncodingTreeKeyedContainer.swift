import Foundation

/// A keyed container of the fallback encoder, with `JSONEncoder`'s semantics: a later value
/// for a key replaces the earlier one; a nested container for a key continues the object or
/// array already there.
struct EncodingTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: EncodingTreeEncoder
    let object: EncodingTreeObject
    /// The encoder's coding path, then the keys of the nested containers leading here.
    let node: CodingPathNode?

    var codingPath: [any CodingKey] { node.codingPath }

    private func written(_ key: some CodingKey) -> String {
        encoder.session.writtenKey(key) { codingPath }
    }

    private func set(_ value: EncodingTreeValue, for key: Key) {
        object.set(.value(value), for: written(key))
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try encoder.wrapFloat(value, for: key), for: key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try encoder.wrapFloat(value, for: key), for: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(.init(value)), for: key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(.number(.init(value)), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.wrap(value, for: key), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let containerKey = written(key)
        let nested: EncodingTreeObject
        switch object[containerKey] {
        case .object(let existing):
            nested = existing
        case .value(let value) where value.objectReference != nil:
            nested = value.objectReference!
            object.set(.object(nested), for: containerKey)
        case nil:
            nested = EncodingTreeObject()
            object.set(.object(nested), for: containerKey)
        case .value, .array:
            encoder.session.recordMisuse(
                "Attempt to re-encode into nested KeyedEncodingContainer<\(Key.self)> for key \"\(containerKey)\" is invalid: non-keyed container already encoded for this key",
                codingPath: codingPath + [key])
            nested = EncodingTreeObject()
        }
        return KeyedEncodingContainer(
            EncodingTreeKeyedContainer<NestedKey>(
                encoder: encoder, object: nested, node: CodingPathNode(parent: node, component: .key(key))))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let containerKey = written(key)
        let nested: EncodingTreeArray
        switch object[containerKey] {
        case .array(let existing):
            nested = existing
        case .value(let value) where value.arrayReference != nil:
            nested = value.arrayReference!
            object.set(.array(nested), for: containerKey)
        case nil:
            nested = EncodingTreeArray()
            object.set(.array(nested), for: containerKey)
        case .value, .object:
            encoder.session.recordMisuse(
                "Attempt to re-encode into nested UnkeyedEncodingContainer for key \"\(containerKey)\" is invalid: keyed container/single value already encoded for this key",
                codingPath: codingPath + [key])
            nested = EncodingTreeArray()
        }
        return EncodingTreeUnkeyedContainer(
            encoder: encoder, array: nested, node: CodingPathNode(parent: node, component: .key(key)))
    }

    mutating func superEncoder() -> any Encoder {
        let key = FastCodingKey.super
        return EncodingTreeReferencingEncoder(referencing: encoder, key: key, writtenKey: written(key), in: object)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        EncodingTreeReferencingEncoder(referencing: encoder, key: key, writtenKey: written(key), in: object)
    }
}
