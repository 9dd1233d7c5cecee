import Foundation

/// An unkeyed container of the fallback encoder.
struct EncodingTreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: EncodingTreeEncoder
    let array: EncodingTreeArray
    /// The encoder's coding path, then the keys of the nested containers leading here.
    let node: CodingPathNode?

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { array.count }

    private var nextKey: FastCodingKey { FastCodingKey(index: array.count) }

    private func append(_ value: EncodingTreeValue) { array.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try encoder.wrapFloat(value, for: nextKey)) }
    mutating func encode(_ value: Float) throws { append(try encoder.wrapFloat(value, for: nextKey)) }
    mutating func encode(_ value: Int) throws { append(.number(.init(value))) }
    mutating func encode(_ value: Int8) throws { append(.number(.init(value))) }
    mutating func encode(_ value: Int16) throws { append(.number(.init(value))) }
    mutating func encode(_ value: Int32) throws { append(.number(.init(value))) }
    mutating func encode(_ value: Int64) throws { append(.number(.init(value))) }
    mutating func encode(_ value: Int128) throws { append(.number(.init(value))) }
    mutating func encode(_ value: UInt) throws { append(.number(.init(value))) }
    mutating func encode(_ value: UInt8) throws { append(.number(.init(value))) }
    mutating func encode(_ value: UInt16) throws { append(.number(.init(value))) }
    mutating func encode(_ value: UInt32) throws { append(.number(.init(value))) }
    mutating func encode(_ value: UInt64) throws { append(.number(.init(value))) }
    mutating func encode(_ value: UInt128) throws { append(.number(.init(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try encoder.wrap(value, for: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let step = CodingPathNode(parent: node, component: .index(array.count))
        let nested = EncodingTreeObject()
        array.append(.object(nested))
        return KeyedEncodingContainer(
            EncodingTreeKeyedContainer<NestedKey>(encoder: encoder, object: nested, node: step))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let step = CodingPathNode(parent: node, component: .index(array.count))
        let nested = EncodingTreeArray()
        array.append(.array(nested))
        return EncodingTreeUnkeyedContainer(encoder: encoder, array: nested, node: step)
    }

    mutating func superEncoder() -> any Encoder {
        EncodingTreeReferencingEncoder(referencing: encoder, at: array.count, in: array)
    }
}
