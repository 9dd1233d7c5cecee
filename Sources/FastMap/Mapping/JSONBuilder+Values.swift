@_spi(FastMapCore) import FastMapCore
import Foundation

/// Turning values into nodes. The common scalars become nodes directly; `JSON` values are
/// shared; everything else goes through an `Encoder`.
extension JSONBuilder {
    /// A new node for `value` (one reference, the caller's) and how deep it nests.
    func makeNode<T: Encodable>(_ value: T, at key: JSONKeyPath) throws -> (JSONBuildNode, depth: Int) {
        if let json = value as? JSON { return (parts.adopt(json), json.document.depth) }
        if let scalar = try makeScalar(value, at: key) { return (scalar, 0) }
        let tree: JSON
        do {
            tree = try Self.encodedTree(value)
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else { throw error }
            throw FastMapError(
                kind: .invalidValue, message: context.debugDescription,
                path: key.components + context.codingPath.map(JSONKeyPath.Component.init(codingKey:)),
                expectedType: "a value JSON can hold")
        }
        return (parts.adopt(tree), tree.document.depth)
    }

    private func makeScalar<T>(_ value: T, at key: JSONKeyPath) throws(FastMapError) -> JSONBuildNode? {
        switch value {
        case let string as String: return .makeString(string)
        case let bool as Bool: return .makeBool(bool)
        case let double as Double: return try real(double, at: key)
        // Through its shortest text, as JSONEncoder does: Float(0.1) is written 0.1.
        case let float as Float:
            return try real(float.isFinite ? Double("\(float)") ?? Double(float) : Double(float), at: key)
        case let url as URL: return .makeString(url.absoluteString)
        case let date as Date: return .makeString(date.formatted(.iso8601))
        case let integer as any BinaryInteger: return try self.integer(integer, at: key)
        default: return nil
        }
    }

    private func real(_ value: Double, at key: JSONKeyPath) throws(FastMapError) -> JSONBuildNode {
        guard let node = JSONBuildNode.makeReal(value) else {
            throw FastMapError(
                kind: .invalidValue, message: "\(value) cannot be written as a JSON number", path: key.components,
                expectedType: "finite number")
        }
        return node
    }

    private func integer<I: BinaryInteger>(_ value: I, at key: JSONKeyPath) throws(FastMapError) -> JSONBuildNode {
        if let small = Int64(exactly: value) { return .makeInteger(small) }
        if let large = UInt64(exactly: value) {
            return JSONBuildNode.makeUnsignedBits(large)
        }
        throw FastMapError(
            kind: .numberOutOfRange, message: "\(value) is beyond the 64-bit integers JSON numbers keep exactly",
            path: key.components, expectedType: "Int64 or UInt64")
    }

    /// Any other `Encodable` as a tree, with ``FastJSONEncoder``'s defaults except for dates,
    /// which are ISO 8601 strings to match what the mapping API reads back.
    static func encodedTree<T: Encodable>(_ value: T) throws -> JSON {
        try encoder.encodeToJSON(value)
    }

    private static let encoder: FastJSONEncoder = {
        let encoder = FastJSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}
