@_spi(FastMapCore) import FastMapCore

/// Reads the elements of one JSON array in order. Like Foundation's, it only moves past an
/// element once that element decoded, except `decodeIfPresent`, which always moves on.
package struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    package let decoder: JSONTreeDecoder
    package let array: JSONNode
    package let path: CodingPathReference
    private let elementCount: Int
    package private(set) var currentIndex = 0
    /// The element at `currentIndex` (past the end once there is none): elements are reached
    /// one after the other, each from the one before.
    private var current: JSONNode

    package init(decoder: JSONTreeDecoder, array: JSONNode, path: CodingPathReference) {
        self.decoder = decoder
        self.array = array
        self.path = path
        self.elementCount = array.arrayCount
        self.current = array.firstElement
    }

    /// Moves to the next element.
    @inline(__always)
    private mutating func advance() {
        if currentIndex < elementCount { current = current.nextSibling }
        currentIndex += 1
    }

    package var codingPath: [any CodingKey] { decoder.codingPath(path) }
    package var count: Int? { elementCount }
    package var isAtEnd: Bool { currentIndex >= elementCount }

    @inline(__always)
    private var step: CodingPathComponent { .index(currentIndex) }

    /// The current element, or `valueNotFound(type)` at the end.
    @inline(__always)
    private func next(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws -> JSONNode {
        guard currentIndex < elementCount else {
            throw decoder.valueNotFound(type, at: path, step, message: message)
        }
        return current
    }

    /// The current element for `decodeIfPresent`: nil at the end or for null.
    @inline(__always)
    private func presentNext() -> JSONNode? {
        guard currentIndex < elementCount, !current.isNull else { return nil }
        return current
    }

    package mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).isNull else { return false }
        advance()
        return true
    }

    package mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try decoder.readBool(next(type), at: path, step)
        advance()
        return value
    }

    package mutating func decode(_ type: String.Type) throws -> String {
        let value = try decoder.readString(next(type), at: path, step)
        advance()
        return value
    }

    package mutating func decode(_ type: Double.Type) throws -> Double { try float(type) }
    package mutating func decode(_ type: Float.Type) throws -> Float { try float(type) }
    package mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    package mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    package mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    package mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    package mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    package mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    package mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    package mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    package mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    package mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    package mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    package mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let value = try decoder.readInteger(next(type), type, at: path, step)
        advance()
        return value
    }

    @inline(__always)
    private mutating func float<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
        let value = try decoder.readFloat(next(type), type, at: path, step)
        advance()
        return value
    }

    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.unwrap(next(type), as: type, at: path, step)
        advance()
        return value
    }

    package mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try ifPresent { try $0.readBool($1, at: $2, $3) }
    }

    package mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        try ifPresent { try $0.readString($1, at: $2, $3) }
    }

    package mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try ifPresent { try $0.readFloat($1, type, at: $2, $3) }
    }

    package mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try ifPresent { try $0.readFloat($1, type, at: $2, $3) }
    }

    package mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { try integerIfPresent(type) }

    private mutating func integerIfPresent<T: FixedWidthInteger>(_ type: T.Type) throws -> T? {
        try ifPresent { try $0.readInteger($1, type, at: $2, $3) }
    }

    package mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try ifPresent { try $0.unwrap($1, as: type, at: $2, $3) }
    }

    @inline(__always)
    private mutating func ifPresent<T>(
        _ read: (JSONTreeDecoder, JSONNode, CodingPathReference, CodingPathComponent) throws -> T
    ) throws -> T? {
        var value: T? = nil
        if let node = presentNext() { value = try read(decoder, node, path, step) }
        advance()
        return value
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let node = try next(KeyedDecodingContainer<NestedKey>.self)
        let container = try decoder.container(keyedBy: type, node: node, at: path, step)
        advance()
        return container
    }

    package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = try next(
            (any UnkeyedDecodingContainer).self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
        let container = try decoder.unkeyedContainer(node: node, at: path, step)
        advance()
        return container
    }

    package mutating func superDecoder() throws -> any Decoder {
        let node = try next((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
        let superDecoder = JSONTreeDecoder(sharing: decoder, node: node, path: decoder.components(path, step))
        advance()
        return superDecoder
    }
}
