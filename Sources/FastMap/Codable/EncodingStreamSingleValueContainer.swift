@_spi(FastMapCore) import FastMapCore
import Foundation

/// A single-value container on one value position.
struct EncodingStreamSingleValueContainer: SingleValueEncodingContainer {
    let stream: EncodingStream
    let index: Int
    let generation: Int

    var codingPath: [any CodingKey] {
        guard stream.isCurrent(index, generation) else { return [] }
        return stream.state.value.encoderNode(index).codingPath
    }

    /// Claims the position for one value; a second value (where `JSONEncoder` stops the
    /// process) or a value after a container bails out to the tree encoder, which reports it.
    @inline(__always)
    private func begin() throws {
        guard stream.state.value.beginSingleValue(index, generation) else { throw EncodingStreamBailout() }
    }

    @inline(__always)
    private func writeInteger<T: FixedWidthInteger>(_ value: T) throws {
        try begin()
        stream.state.value.writer.writeInteger(value)
    }

    mutating func encodeNil() throws {
        try begin()
        stream.state.value.writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        stream.state.value.writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        stream.state.value.writer.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try stream.checkFloat(value, in: index, component: nil)
        try begin()
        try stream.writeFloat(value, in: index, component: nil)
    }

    mutating func encode(_ value: Float) throws {
        try stream.checkFloat(value, in: index, component: nil)
        try begin()
        try stream.writeFloat(value, in: index, component: nil)
    }

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
        try begin()
        // JSONEncoder encodes the value with this same encoder: no key is added to its path.
        try stream.writeValue(value, in: index, component: nil)
    }
}
