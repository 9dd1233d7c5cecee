@_spi(FastMapCore) import FastMapCore
import Foundation

/// An unkeyed container appending to an array node.
struct LadybugUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: LadybugTreeEncoder
    let array: JSONBuildNode
    /// The coding path from the root to this container.
    let codingNode: CodingPathNode?
    let depth: Int

    var codingPath: [any CodingKey] { codingNode.codingPath }

    /// The coding path of the value at `key` in this container.
    private func step(_ key: any CodingKey) -> CodingPathNode {
        CodingPathNode(parent: codingNode, component: .key(key))
    }
    var count: Int { array.arrayCount }

    private var nextKey: any CodingKey { FastCodingKey(index: count) }

    private func append(_ node: JSONBuildNode) {
        array.append(node)
        encoder.session.noteDepth(depth + 2)
    }

    mutating func encodeNil() throws { append(.makeNull()) }
    mutating func encode(_ value: Bool) throws { append(.makeBool(value)) }
    mutating func encode(_ value: String) throws { append(.makeString(value)) }
    mutating func encode(_ value: Double) throws {
        append(try encoder.makeNumber(value, codingPath: { codingPath + [nextKey] }))
    }
    mutating func encode(_ value: Float) throws {
        append(try encoder.makeNumber(value, codingPath: { codingPath + [nextKey] }))
    }
    mutating func encode(_ value: Int) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: Int8) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: Int16) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: Int32) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: Int64) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: UInt) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: UInt8) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: UInt16) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: UInt32) throws { append(encoder.makeInteger(value)) }
    mutating func encode(_ value: UInt64) throws { append(encoder.makeInteger(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        if let scalar = try encoder.makeScalar(
            value, dateCoding: nil, depth: depth + 1, codingPath: { codingPath + [key] })
        {
            append(scalar)
            return
        }
        let index = count
        append(.makeNull())
        let child = encoder.child(
            for: T.self, at: step(key), placement: .element(array, index), depth: depth + 1)
        try value.encode(to: child)
        try child.finish()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let object = JSONBuildNode.makeObject()
        append(object)
        return KeyedEncodingContainer(
            LadybugKeyedEncodingContainer<NestedKey>(
                encoder: encoder, object: object, plan: nil, codingNode: step(key), depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let nested = JSONBuildNode.makeArray()
        append(nested)
        return LadybugUnkeyedEncodingContainer(
            encoder: encoder, array: nested, codingNode: step(key), depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        let index = count
        append(.makeNull())
        return LadybugTreeEncoder(
            session: encoder.session, codingNode: step(key), placement: .element(array, index),
            plan: nil, depth: depth + 1)
    }
}
