@_spi(FastMapCore) import FastMapCore
import Foundation

extension TransformingKeyedContainer {
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readBool($0, at: path, .key(key))
        }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readString($0, at: path, .key(key))
        }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try floatIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try floatIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.unwrap($0, as: type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func integerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readInteger($0, type, at: path, .key(key))
        }
    }

    @inline(__always)
    private func floatIfPresent<T: BinaryFloatingPoint & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try scalarIfPresent(type, key, { try $0.decodeIfPresent(type, forKey: key) }) {
            try decoder.readFloat($0, type, at: path, .key(key))
        }
    }

    /// ``scalar(_:_:_:read:)`` for `decodeIfPresent`: nil when missing or null.
    @inline(__always)
    private func scalarIfPresent<T: Decodable>(
        _ type: T.Type, _ key: Key, _ plainRead: (JSONKeyedContainer<Key>) throws -> T?, read: (JSONNode) throws -> T
    ) throws -> T? {
        guard let rule = plan.rule(for: key.stringValue) else {
            do {
                return try plainRead(plain)
            } catch let error as DecodingError {
                throw annotate(error, key, source: nil)
            }
        }
        let slot = resolve(rule, key)
        switch slot {
        case .missing:
            return nil
        case .node(let node, let source):
            if node.isNull { return nil }
            do {
                return try read(node)
            } catch let error as DecodingError {
                throw annotate(error, key, source: source)
            }
        case .value(let json) where json.isNull:
            return nil
        default:
            return try decodeConverted(type, slot, rule, key)
        }
    }
}
