@_spi(FastMapCore) import FastMapCore
import Foundation

/// A keyed container writing members straight into the stream.
struct EncodingStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let stream: EncodingStream
    /// The frame it writes into: its place on the stream's stack, and its generation.
    let index: Int
    let generation: Int

    var codingPath: [any CodingKey] {
        guard stream.isCurrent(index, generation) else { return [] }
        return stream.state.value.containerNode(index).codingPath
    }

    /// Ends the frames above this container and writes the member's key; after this the
    /// writer is where the member's value goes.
    @inline(__always)
    private func beginMember(_ key: Key) throws {
        guard stream.state.value.prepare(index, generation) else { throw EncodingStreamBailout() }
        let written = stream.writtenKey(key, in: index)
        stream.state.value.beginMember(written, in: index)
    }

    @inline(__always)
    private func writeInteger<T: FixedWidthInteger>(_ value: T, forKey key: Key) throws {
        try beginMember(key)
        stream.state.value.writer.writeInteger(value)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try beginMember(key)
        stream.state.value.writer.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try beginMember(key)
        stream.state.value.writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try beginMember(key)
        stream.state.value.writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try stream.checkFloat(value, in: index, component: .key(key))
        try beginMember(key)
        try stream.writeFloat(value, in: index, component: .key(key))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try stream.checkFloat(value, in: index, component: .key(key))
        try beginMember(key)
        try stream.writeFloat(value, in: index, component: .key(key))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try writeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try writeInteger(value, forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writeMember(value, forKey: key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try writeMember(value, forKey: key) }
    }

    @inline(__always)
    private func writeMember<T: Encodable>(_ value: T, forKey key: Key) throws {
        try stream.writeMember(value, in: index, component: .key(key)) { try beginMember(key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let generation = stream.beginNested(.object, in: index, generation, keyType: NestedKey.self) {
            let written = stream.writtenKey(key, in: index)
            stream.state.value.beginMember(written, in: index)
            return .key(key)
        }
        return KeyedEncodingContainer(
            EncodingStreamKeyedContainer<NestedKey>(
                stream: stream, index: stream.state.value.frames.count - 1, generation: generation))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let generation = stream.beginNested(.array, in: index, generation) {
            let written = stream.writtenKey(key, in: index)
            stream.state.value.beginMember(written, in: index)
            return .key(key)
        }
        return EncodingStreamUnkeyedContainer(
            stream: stream, index: stream.state.value.frames.count - 1, generation: generation)
    }

    mutating func superEncoder() -> any Encoder {
        makeSuperEncoder(key: FastCodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        makeSuperEncoder(key: key)
    }

    private func makeSuperEncoder(key: some CodingKey) -> any Encoder {
        let generation = stream.beginNested(.pending, in: index, generation, role: .superEncoder) {
            let written = stream.writtenKey(key, in: index)
            stream.state.value.beginMember(written, in: index)
            return .key(key)
        }
        return EncodingStreamEncoder(
            stream: stream, index: stream.state.value.frames.count - 1, generation: generation)
    }
}
