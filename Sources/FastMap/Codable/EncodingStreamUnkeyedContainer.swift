@_spi(FastMapCore) import FastMapCore
import Foundation

/// An unkeyed container writing elements straight into the stream.
struct EncodingStreamUnkeyedContainer: UnkeyedEncodingContainer {
    let stream: EncodingStream
    let index: Int
    let generation: Int

    var codingPath: [any CodingKey] {
        guard stream.isCurrent(index, generation) else { return [] }
        return stream.state.value.containerNode(index).codingPath
    }

    var count: Int {
        guard stream.isCurrent(index, generation) else { return 0 }
        return stream.state.value.frames[index].count
    }

    /// Ends the frames above this container and writes the element separator.
    @inline(__always)
    private func beginElement() throws {
        guard stream.state.value.prepare(index, generation) else { throw EncodingStreamBailout() }
        stream.state.value.beginElement(in: index)
    }

    /// The path component of the next element, read before it is counted.
    @inline(__always)
    private var nextComponent: CodingPathComponent {
        .index(stream.isCurrent(index, generation) ? stream.state.value.frames[index].count : 0)
    }

    @inline(__always)
    private func writeInteger<T: FixedWidthInteger>(_ value: T) throws {
        try beginElement()
        stream.state.value.writer.writeInteger(value)
    }

    @inline(__always)
    private func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
        // Frames above this container end first: the element's index counts what they added.
        guard stream.state.value.prepare(index, generation) else { throw EncodingStreamBailout() }
        let component = nextComponent
        try stream.checkFloat(value, in: index, component: component)
        stream.state.value.beginElement(in: index)
        try stream.writeFloat(value, in: index, component: component)
    }

    mutating func encodeNil() throws {
        try beginElement()
        stream.state.value.writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try beginElement()
        stream.state.value.writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try beginElement()
        stream.state.value.writer.writeString(value)
    }

    mutating func encode(_ value: Double) throws { try writeFloat(value) }
    mutating func encode(_ value: Float) throws { try writeFloat(value) }
    mutating func encode(_ value: Int) throws { try writeInteger(value) }
    mutating func encode(_ value: Int8) throws { try writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try writeInteger(value) }
    mutating func encode(_ value: Int128) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt128) throws { try writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if T.self == Double.self {
            return try writeFloat(identityCast(value, to: Double.self))
        }
        if T.self == Float.self {
            return try writeFloat(identityCast(value, to: Float.self))
        }
        guard stream.state.value.prepare(index, generation) else { throw EncodingStreamBailout() }
        let component = CodingPathComponent.index(stream.state.value.frames[index].count)
        stream.state.value.beginElement(in: index)
        try stream.writeValue(value, in: index, component: component)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let generation = stream.beginNested(.object, in: index, generation, keyType: NestedKey.self) {
            beginNestedElement()
        }
        return KeyedEncodingContainer(
            EncodingStreamKeyedContainer<NestedKey>(
                stream: stream, index: stream.state.value.frames.count - 1, generation: generation))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let generation = stream.beginNested(.array, in: index, generation) { beginNestedElement() }
        return EncodingStreamUnkeyedContainer(
            stream: stream, index: stream.state.value.frames.count - 1, generation: generation)
    }

    mutating func superEncoder() -> any Encoder {
        let generation = stream.beginNested(
            .pending, in: index, generation, role: .superEncoder, countsInParent: true
        ) {
            // JSONEncoder counts the element only once the super encoder is done with it.
            let position = stream.state.value.frames[index].count
            if position > 0 { stream.state.value.writer.separator() }
            stream.state.value.writer.indent()
            return .index(position)
        }
        return EncodingStreamEncoder(
            stream: stream, index: stream.state.value.frames.count - 1, generation: generation)
    }

    private func beginNestedElement() -> CodingPathComponent? {
        let position = stream.state.value.frames[index].count
        stream.state.value.beginElement(in: index)
        return .index(position)
    }
}
