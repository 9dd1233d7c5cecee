@_spi(FastMapCore) import FastMapCore

/// Reads the members of one JSON object of FastMap's document without the `Decoder` protocol:
/// the reader the generated `init(from:)` of a `@JSONModel` struct or final class hands its
/// `init(document:)` when ``FastJSONDecoder`` decodes it.
///
/// Keys are written in the source (`StaticString`) and compared as bytes with the document's,
/// in order from the member found last, as `KeyedDecodingContainer` finds them through
/// FastJSONDecoder; scalars are read in place. Reads throw what the keyed container's would:
/// `keyNotFound` for a missing key, `valueNotFound` for `null` where a value is required,
/// `typeMismatch` for another kind, at the same coding path. Values of other types (`Date`,
/// `UUID`, `[String: T]`, nested models, any `Decodable`) are decoded as FastJSONDecoder decodes
/// them, with its strategies.
///
/// What `@JSONModel` writes for `struct User { let id: Int; @Key("profile.name") var name:
/// String? }`, besides the `Codable` route that every other decoder takes:
/// ```swift
/// init(from decoder: any Decoder) throws {
///     if let document = JSONObjectReader(decoder) {
///         self = try Self(document: document)
///         return
///     }
///     // … the Codable route, through keyed containers
/// }
///
/// private init(document: JSONObjectReader) throws {
///     let container = document
///     var failingProperty = 0
///     do {
///         self.id = try container.decode(Int.self, forKey: "id")
///         failingProperty = 1
///         let nested1 = try container.nestedIfPresent(forKey: "profile")
///         self.name = try nested1?.decodeIfPresent(String.self, forKey: "name")
///     } catch {
///         // the same error the Codable route throws, naming User.id or User.name
///     }
/// }
///
/// // The type's `JSONObjectDecodable` conformance: a model holding a `User` (or `[User]`, or
/// // `User?`) hands it a reader of its object directly.
/// static func readJSONObject(_ reader: JSONObjectReader) throws -> Self {
///     try Self(document: reader)
/// }
/// ```
public struct JSONObjectReader {
    package let decoder: JSONTreeDecoder
    package let object: JSONNode
    package let path: CodingPathReference

    package init(decoder: JSONTreeDecoder, object: JSONNode, path: CodingPathReference) {
        self.decoder = decoder
        self.object = object
        self.path = path
    }

    /// A reader of the object `decoder` is at, when `decoder` is FastJSONDecoder's with the
    /// default key strategy (readers match keys as written); nil for any other decoder, a key
    /// strategy, or a value that is not an object (whose error the `Codable` route throws).
    public init?(_ decoder: any Decoder) {
        guard let tree = decoder as? JSONTreeDecoder, tree.readsDocuments, tree.node.isObject else { return nil }
        #if DEBUG
            Self.documentReads?.withLock { $0 += 1 }
        #endif
        self.init(decoder: tree, object: tree.node, path: tree.currentPath)
    }

    #if DEBUG
        /// Counts the models that took the document route while a test's task runs.
        @TaskLocal package static var documentReads: LockedValue<Int>?
        /// Counts the models another model's reader handed a reader directly (both counters count
        /// them, and a class whose conformance reads through `init(from:)` too).
        @TaskLocal package static var directModelReads: LockedValue<Int>?
    #endif

    /// The path of keys and indices from the document's top to this object.
    public var codingPath: [any CodingKey] { decoder.codingPath(path) }

    /// A keyed decoding container for the same object, as `decoder.container(keyedBy:)` gives
    /// `init(from:)`: for code that needs the `Codable` protocol (generated code uses it to
    /// describe a failure).
    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        // Force-try is safe: a reader exists only under the default key strategy, where making
        // the container converts nothing and cannot fail.
        KeyedDecodingContainer(try! JSONKeyedContainer<Key>(decoder: decoder, object: object, path: path))
    }

    @inline(__always)
    private func lookup(_ key: StaticString) -> JSONNode? {
        decoder.orderedMember(key, of: object, depth: path.depth)
    }

    @inline(__always)
    private func value(for key: StaticString) throws -> JSONNode {
        guard let node = lookup(key) else { throw decoder.keyNotFound(JSONSourceKey(key), in: object, at: path) }
        return node
    }

    /// The member for `decodeIfPresent`: nil when missing or null.
    @inline(__always)
    private func presentValue(for key: StaticString) -> JSONNode? {
        guard let node = lookup(key), !node.isNull else { return nil }
        return node
    }

    /// Whether the object has a member named `key`.
    public func contains(_ key: StaticString) -> Bool { lookup(key) != nil }

    /// The member `key` as a `Bool`.
    public func decode(_ type: Bool.Type, forKey key: StaticString) throws -> Bool {
        try decoder.readBool(value(for: key), at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as a `String`.
    public func decode(_ type: String.Type, forKey key: StaticString) throws -> String {
        try decoder.readString(value(for: key), at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as a `Double`.
    public func decode(_ type: Double.Type, forKey key: StaticString) throws -> Double {
        try decoder.readFloat(value(for: key), type, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as an `Int`.
    public func decode(_ type: Int.Type, forKey key: StaticString) throws -> Int {
        try decoder.readInteger(value(for: key), type, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as any `Decodable` type, as FastJSONDecoder decodes it.
    public func decode<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T {
        try decoder.unwrap(value(for: key), as: type, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as a model, read by its own reader.
    public func decode<T: JSONObjectDecodable>(_ type: T.Type, forKey key: StaticString) throws -> T {
        try decoder.readModel(value(for: key), as: type, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as an array of models, each read by its own reader.
    @inlinable
    public func decode<T: JSONObjectDecodable>(_ type: [T].Type, forKey key: StaticString) throws -> [T] {
        // Force-unwrap is safe: with required == true a missing or null member throws.
        try models(T.self, forKey: key, required: true)!
    }

    /// The member `key` as a model, or nil when it is missing or `null`.
    public func decodeIfPresent<T: JSONObjectDecodable>(_ type: T.Type, forKey key: StaticString) throws -> T? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readModel(node, as: type, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as an array of models, or nil when it is missing or `null`.
    @inlinable
    public func decodeIfPresent<T: JSONObjectDecodable>(_ type: [T].Type, forKey key: StaticString) throws -> [T]? {
        try models(T.self, forKey: key, required: false)
    }

    /// The array of models at `key`, built here: the array overloads of `decode` and
    /// `decodeIfPresent` are inlined where `T` is known, so the array is made without looking its
    /// type up at run time. Nil when the key is missing or `null` and not `required`.
    @inlinable
    func models<T: JSONObjectDecodable>(_ type: T.Type, forKey key: StaticString, required: Bool) throws -> [T]? {
        var models: [T] = []
        let present = try readModels(T.self, forKey: key, required: required) {
            models.reserveCapacity($0)
        } append: {
            models.append($0)
        }
        return present ? models : nil
    }

    /// Reads the array of models at `key` into the caller's array (`reserve`, then `append` for
    /// each). False when the key is missing or `null` and not `required`.
    @usableFromInline
    func readModels<T: JSONObjectDecodable>(
        _ type: T.Type, forKey key: StaticString, required: Bool, reserve: (Int) -> Void, append: (consuming T) -> Void
    ) throws -> Bool {
        guard let node = required ? try value(for: key) : presentValue(for: key) else { return false }
        try decoder.readModels(node, as: type, at: path, .key(JSONSourceKey(key)), reserve: reserve, append: append)
        return true
    }

    /// The member `key` as a `Bool`, or nil when it is missing or `null`.
    public func decodeIfPresent(_ type: Bool.Type, forKey key: StaticString) throws -> Bool? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readBool(node, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as a `String`, or nil when it is missing or `null`.
    public func decodeIfPresent(_ type: String.Type, forKey key: StaticString) throws -> String? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readString(node, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as a `Double`, or nil when it is missing or `null`.
    public func decodeIfPresent(_ type: Double.Type, forKey key: StaticString) throws -> Double? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readFloat(node, type, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as an `Int`, or nil when it is missing or `null`.
    public func decodeIfPresent(_ type: Int.Type, forKey key: StaticString) throws -> Int? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.readInteger(node, type, at: path, .key(JSONSourceKey(key)))
    }

    /// The member `key` as any `Decodable` type, or nil when it is missing or `null`.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T? {
        guard let node = presentValue(for: key) else { return nil }
        return try decoder.unwrap(node, as: type, at: path, .key(JSONSourceKey(key)))
    }

    /// A reader for the object at `key`, or nil when the key is missing or `null`; a value of
    /// another kind throws `typeMismatch`.
    public func nestedIfPresent(forKey key: StaticString) throws -> JSONObjectReader? {
        guard let node = presentValue(for: key) else { return nil }
        let step = CodingPathComponent.key(JSONSourceKey(key))
        guard node.isObject else { throw decoder.containerMismatch([String: Any].self, node: node, at: path, step) }
        return JSONObjectReader(decoder: decoder, object: node, path: path.appending(step))
    }

    /// One step of a nested path: an object member or an array element.
    public enum PathStep: Sendable {
        /// An object member.
        case key(StaticString)
        /// An array element.
        case index(Int)
    }

    /// The value at the nested `path`; throws `keyNotFound` when a step is missing,
    /// `valueNotFound` when a step is `null`, `typeMismatch` when a step has the wrong kind.
    public func decode<T: Decodable>(_ type: T.Type, at path: [PathStep]) throws -> T {
        // Force-unwrap is safe: with required == true every missing or null step throws.
        try decode(type, at: path, required: true)!
    }

    /// The value at the nested `path`, or nil when any step is missing or `null`; a step of the
    /// wrong kind still throws.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, at path: [PathStep]) throws -> T? {
        try decode(type, at: path, required: false)
    }

    private func decode<T: Decodable>(_ type: T.Type, at steps: [PathStep], required: Bool) throws -> T? {
        let components = steps.map { step -> CodingPathComponent in
            switch step {
            case .key(let key): .key(JSONSourceKey(key))
            case .index(let index): .index(index)
            }
        }
        // While an init(document:) runs, the decoder's stack holds this reader's path up to
        // `path.depth`, as it does for a keyed container.
        return try decoder.decode(type, along: components, from: object, tail: path.tail, required: required)
    }

    /// A `@Flatten` property: `T` read from this same object.
    public func decodeFlattened<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeItself(type, object, at: path, nil)
    }

    /// `@JSONModel(root:)`: the reader of the object at `keys` (object keys from here down).
    ///
    /// - Throws: `keyNotFound` when a step is missing, `valueNotFound` when it is `null`,
    ///   `typeMismatch` when it is not an object.
    public func descending(into keys: [StaticString]) throws -> JSONObjectReader {
        var current = self
        for key in keys {
            let sourceKey = JSONSourceKey(key)
            guard let node = current.lookup(key) else {
                throw CodingErrors.rootStepMissing(sourceKey, at: current.codingPath)
            }
            if node.isNull { throw CodingErrors.rootStepNull(sourceKey, at: current.codingPath) }
            let step = CodingPathComponent.key(sourceKey)
            guard node.isObject else {
                throw decoder.containerMismatch([String: Any].self, node: node, at: current.path, step)
            }
            current = JSONObjectReader(decoder: decoder, object: node, path: current.path.appending(step))
        }
        return current
    }
}

/// A member key written in the source, standing for the model's `CodingKeys` case of the same
/// name in coding paths and errors; it prints as that case does, so messages read alike on both
/// routes.
package struct JSONSourceKey: CodingKey, Sendable {
    package let name: StaticString

    package init(_ name: StaticString) { self.name = name }

    package var stringValue: String { name.description }
    package var intValue: Int? { nil }
    package init?(stringValue: String) { nil }
    package init?(intValue: Int) { nil }

    package var description: String { "CodingKeys(stringValue: \"\(stringValue)\", intValue: nil)" }
    package var debugDescription: String { description }
}
