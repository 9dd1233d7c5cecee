@_spi(FastMapCore) import FastMapCore
import Foundation

/// Manual mapping in the style of matthewcheok's `JSONCodable`: read each property with a
/// path, let the property's type pick what to decode.
///
/// ```swift
/// struct User: JSONMappable {
///     let id: Int
///     let name: String
///     let email: String?        // nil when missing or null
///     let likes: Int?
///     let website: URL?
///     let friends: [User]
///
///     init(json: JSON) throws {
///         id = try json.decode("id")
///         name = try json.decode("full_name")
///         email = try json.decode("email")
///         likes = try json.decode("properties[0].likes")
///         website = try json.decode("website", transformer: .stringToURL)
///         friends = try json.decode("friends")
///     }
/// }
/// ```
///
/// Paths are ``JSONKeyPath``s: `"a.b"`, `"list[2].name"`, `"[1].ID"` on a top-level array.
extension JSON {
    /// The value at `path` as a `T`.
    /// - Throws: ``FastMapError`` when a key is missing, the value is `null`, or it is not a `T`.
    @_disfavoredOverload
    public func decode<T: Decodable>(_ path: JSONKeyPath) throws -> T {
        let node = try requiredNode(at: path, expecting: T.self)
        return try decodeValue(T.self, from: node, at: path.components)
    }

    /// The value at `path` as a `T`, or `nil` when any step of the path is missing or the value
    /// (or a container on the way) is `null`.
    /// - Throws: ``FastMapError`` when the value is there but is not a `T`, or a step meets a
    ///   value that is not the object or array it needs.
    public func decode<T: Decodable>(_ path: JSONKeyPath) throws -> T? {
        guard let node = try optionalNode(at: path, expecting: T.self), !node.isNull else { return nil }
        return try decodeValue(T.self, from: node, at: path.components)
    }

    /// The value at `path` (by default this value itself) as a `T`, decoded with `decoder` when
    /// given (its date, data, key and float strategies and lossy coercions apply) or with the
    /// mapping defaults (Foundation's, with ISO 8601 dates).
    public func decode<T: Decodable>(
        _ type: T.Type, at path: JSONKeyPath = .root, using decoder: FastJSONDecoder? = nil
    ) throws -> T {
        let node = try requiredNode(at: path, expecting: T.self)
        return try decodeValue(T.self, from: node, at: path.components, using: decoder)
    }

    /// The value at `path` as a `T` whose dates (however deep) are read with `dateDecodingStrategy`
    /// instead of the default ISO 8601.
    ///
    /// ```swift
    /// let created = try json.decode(Date.self, at: "created", dateDecodingStrategy: .millisecondsSince1970)
    /// ```
    public func decode<T: Decodable>(
        _ type: T.Type, at path: JSONKeyPath = .root, dateDecodingStrategy: JSONDecoder.DateDecodingStrategy
    ) throws -> T {
        let decoder = FastJSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        return try decode(type, at: path, using: decoder)
    }

    // MARK: Transformers

    /// The value at `path`, read as `Encoded` and converted by `transformer`.
    ///
    /// ```swift
    /// let website: URL = try json.decode("website", transformer: .stringToURL)
    /// ```
    /// - Throws: ``FastMapError`` when a key is missing, the value is `null` or not an
    ///   `Encoded`, or the transformer returns `nil` (`invalidValue`).
    @_disfavoredOverload
    public func decode<Encoded: Decodable, Decoded>(
        _ path: JSONKeyPath, transformer: JSONValueTransformer<Encoded, Decoded>
    ) throws -> Decoded {
        let node = try requiredNode(at: path, expecting: Decoded.self)
        return try transform(node, at: path.components, with: transformer)
    }

    /// The value at `path` converted by `transformer`, or `nil` when the path is missing or the
    /// value is `null`. A value the transformer rejects still throws.
    public func decode<Encoded: Decodable, Decoded>(
        _ path: JSONKeyPath, transformer: JSONValueTransformer<Encoded, Decoded>
    ) throws -> Decoded? {
        guard let node = try optionalNode(at: path, expecting: Decoded.self), !node.isNull else { return nil }
        return try transform(node, at: path.components, with: transformer)
    }

    // MARK: Text

    /// The value as JSON text, like ``data(options:)`` (compact unless `.prettyPrinted`;
    /// `.sortedKeys` and `.withoutEscapingSlashes` as in `JSONSerialization`). Parse it back
    /// with ``init(string:options:)``.
    public func jsonString(options: JSONSerialization.WritingOptions = []) throws(FastMapError) -> String {
        String(decoding: try bytes(options: options), as: UTF8.self)
    }

    // MARK: Internals

    /// The node at `path` with every step allowed to be missing.
    func optionalNode(at path: JSONKeyPath, expecting type: Any.Type) throws(FastMapError) -> JSONNode? {
        try node(at: path.components, expecting: type, isOptional: { _ in true })
    }

    func transform<Encoded: Decodable, Decoded>(
        _ node: JSONNode, at path: [JSONKeyPath.Component], with transformer: JSONValueTransformer<Encoded, Decoded>
    ) throws -> Decoded {
        let encoded = try decodeValue(Encoded.self, from: node, at: path)
        let decoded: Decoded?
        do {
            decoded = try transformer.decoding(encoded)
        } catch let error as FastMapError {
            throw error.relocated(under: path, root: self)
        }
        guard let decoded else {
            let value = JSON(document: document, node: node)
            let snippet = value.snippet()
            throw FastMapError(
                kind: .invalidValue,
                message: "\(transformer) cannot convert the \(value.kind) to \(Decoded.self)",
                path: path, expectedType: "\(Decoded.self)", foundKind: value.kind, foundSnippet: snippet,
                node: value, root: self)
        }
        return decoded
    }
}
