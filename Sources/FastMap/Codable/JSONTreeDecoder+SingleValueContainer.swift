@_spi(FastMapCore) import FastMapCore

/// The decoder is its own single value container (as in Foundation), reading `node`.
extension JSONTreeDecoder: SingleValueDecodingContainer {
    package func decodeNil() -> Bool { node.isNull }

    package func decode(_ type: Bool.Type) throws -> Bool { try readBool(node, at: currentPath, nil) }
    package func decode(_ type: String.Type) throws -> String { try readString(node, at: currentPath, nil) }
    package func decode(_ type: Double.Type) throws -> Double { try readFloat(node, type, at: currentPath, nil) }
    package func decode(_ type: Float.Type) throws -> Float { try readFloat(node, type, at: currentPath, nil) }
    package func decode(_ type: Int.Type) throws -> Int { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: UInt.Type) throws -> UInt { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: Int128.Type) throws -> Int128 { try readInteger(node, type, at: currentPath, nil) }
    package func decode(_ type: UInt128.Type) throws -> UInt128 { try readInteger(node, type, at: currentPath, nil) }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try unwrap(node, as: type, at: currentPath, nil)
    }
}
