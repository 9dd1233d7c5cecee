@_spi(FastMapCore) import FastMapCore
import Foundation

/// A keyed container writing into an object node. For a `JSONCodable` model (`plan` set), each
/// property goes where its transformer reads it from, dates in the transformer's format, and
/// decode-only properties wait for the places left free.
struct LadybugKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: LadybugTreeEncoder
    let object: JSONBuildNode
    let plan: TransformerPlan?
    /// The coding path from the root to this container.
    let codingNode: CodingPathNode?
    /// How many containers hold `object`'s owner.
    let depth: Int

    var codingPath: [any CodingKey] { codingNode.codingPath }

    /// The coding path of the value at `key` in this container.
    private func step(_ key: any CodingKey) -> CodingPathNode {
        CodingPathNode(parent: codingNode, component: .key(key))
    }

    /// Where a property goes: its transformer's key path (or its own key), and the transformer's
    /// rule, if any.
    private typealias Destination = (path: [JSONKeyPath.Component], rule: PropertyRule?)

    private func destination(_ key: Key) -> Destination {
        if let plan, let rule = plan.rule(for: key.stringValue) { return (rule.encodingPath, rule) }
        return ([.key(key.stringValue)], nil)
    }

    /// Puts a finished node for `key` in place. Decode-only
    /// properties wait for the model to finish.
    private func put(_ node: JSONBuildNode, _ key: Key) {
        put(node, at: destination(key))
    }

    /// ``put(_:_:)`` with the destination already looked up.
    private func put(_ node: JSONBuildNode, at destination: Destination) {
        let (path, rule) = destination
        let session = encoder.session
        if let rule, rule.decodeOnly {
            encoder.defer(node, at: path)
            return
        }
        if session.place(node, at: path, in: object) {
            session.noteDepth(depth + 1 + path.count)
        }
    }

    mutating func encodeNil(forKey key: Key) throws { put(.makeNull(), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.makeBool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.makeString(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try number(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try number(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(encoder.makeInteger(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(encoder.makeInteger(value), key) }

    private func number<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T, _ key: Key) throws {
        put(try encoder.makeNumber(value, codingPath: { codingPath + [key] }), key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let (path, rule) = destination(key)
        if let scalar = try encoder.makeScalar(
            value, dateCoding: rule?.dateCoding, depth: depth + path.count, codingPath: { codingPath + [key] })
        {
            put(scalar, at: (path, rule))
            return
        }
        let placement: LadybugTreeEncoder.Placement =
            rule?.decodeOnly == true ? .deferred(encoder, path) : .member(object, path)
        let child = encoder.child(
            for: T.self, at: step(key), placement: placement, depth: depth + 1 + path.count)
        try value.encode(to: child)
        try child.finish()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = destination(key).path
        let nested = nestedNode(at: path, array: false, key)
        return KeyedEncodingContainer(
            LadybugKeyedEncodingContainer<NestedKey>(
                encoder: encoder, object: nested, plan: nil, codingNode: step(key), depth: depth + path.count))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let path = destination(key).path
        let nested = nestedNode(at: path, array: true, key)
        return LadybugUnkeyedEncodingContainer(
            encoder: encoder, array: nested, codingNode: step(key), depth: depth + path.count)
    }

    /// The object or array a nested container writes to; a detached one (and a recorded misuse)
    /// when another kind of value is already there.
    private func nestedNode(at path: [JSONKeyPath.Component], array: Bool, _ key: Key) -> JSONBuildNode {
        let session = encoder.session
        if let node = session.container(at: path, in: object, array: array) {
            session.noteDepth(depth + 1 + path.count)
            return node
        }
        session.recordMisuse(
            "Attempt to push a nested container for key \"\(key.stringValue)\" where another value was encoded.",
            codingPath: codingPath + [key])
        let detached: JSONBuildNode = array ? .makeArray() : .makeObject()
        return detached
    }

    mutating func superEncoder() -> any Encoder {
        LadybugTreeEncoder(
            session: encoder.session, codingNode: step(FastCodingKey.super),
            placement: .member(object, [.key(FastCodingKey.super.stringValue)]), plan: nil, depth: depth + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let path = destination(key).path
        return LadybugTreeEncoder(
            session: encoder.session, codingNode: step(key), placement: .member(object, path),
            plan: nil, depth: depth + path.count)
    }
}
