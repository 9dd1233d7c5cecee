@_spi(FastMapCore) import FastMapCore

/// Where a generated `init(from:)` reads nested `@Key` paths (`"address.zipCode"`, `"a.b[0]"`).
///
/// With any `Decoder` it walks nested containers. With `FastJSONDecoder` (and the default key
/// strategy) it walks the parsed JSON tree itself: a path costs one hash lookup per step and
/// builds no container for the levels it passes through, and a coding path is only put together
/// when a step fails. The failures are the same `DecodingError` cases, with the same coding
/// paths, on both routes.
///
/// Make one from the container and decoder of the same `init(from:)`:
/// ```swift
/// let container = try decoder.container(keyedBy: CodingKeys.self)
/// let reader = JSONModelReader(container, decoder: decoder)
/// let zipCode = try reader.decode(Int.self, at: [.key(.address), .key(.zipCode)])
/// ```
public struct JSONModelReader<Key: CodingKey> {
    // Exactly one of `tree` and `container` is set (the private initializer's callers see to it),
    // which makes the force-unwraps of `container` below safe.

    /// FastJSONDecoder: the decoder, and the object read. `nil` for any other decoder.
    private let tree: JSONTreeDecoder?
    private let object: JSONNode
    /// The steps from the decoder's value down to `object`.
    private let tail: CodingPathNode?
    /// Any other decoder: the container read.
    private let container: KeyedDecodingContainer<Key>?

    private init(
        tree: JSONTreeDecoder?, object: JSONNode, tail: CodingPathNode?, container: KeyedDecodingContainer<Key>?
    ) {
        self.tree = tree
        self.object = object
        self.tail = tail
        self.container = container
    }

    /// A reader for the object `container` reads; `container` must come from
    /// `decoder.container(keyedBy:)` in the same `init(from:)`.
    public init(_ container: KeyedDecodingContainer<Key>, decoder: any Decoder) {
        if let tree = decoder as? JSONTreeDecoder, tree.keyStrategy.isDefault, tree.node.isObject {
            self.init(tree: tree, object: tree.node, tail: nil, container: nil)
        } else {
            self.init(tree: nil, object: .sharedNull, tail: nil, container: container)
        }
    }

    /// The object at `key`, or `nil` when the key is missing or `null`; a value of another kind
    /// throws `typeMismatch`.
    public func nestedIfPresent(forKey key: Key) throws -> JSONModelReader? {
        guard let tree else {
            return try container?.nestedContainerIfPresent(forKey: key).map {
                JSONModelReader(tree: nil, object: .sharedNull, tail: nil, container: $0)
            }
        }
        guard let node = Self.member(key, of: object, in: tree), !node.isNull else { return nil }
        guard node.isObject else {
            throw tree.containerMismatch(
                [String: Any].self, node: node, at: CodingPathReference(depth: tree.path.count, tail: tail),
                .key(key))
        }
        return JSONModelReader(
            tree: tree, object: node, tail: CodingPathNode(parent: tail, component: .key(key)), container: nil)
    }

    /// The value at `key`, as `KeyedDecodingContainer.decode(_:forKey:)` reads it.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        guard let tree else { return try container!.decode(type, forKey: key) }
        let reference = CodingPathReference(depth: tree.path.count, tail: tail)
        guard let node = Self.member(key, of: object, in: tree) else {
            throw tree.keyNotFound(key, in: object, at: reference)
        }
        return try tree.unwrap(node, as: type, at: reference, .key(key))
    }

    /// The value at `key`, or `nil` when the key is missing or `null`.
    public func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard let tree else { return try container!.decodeIfPresent(type, forKey: key) }
        guard let node = Self.member(key, of: object, in: tree), !node.isNull else { return nil }
        return try tree.unwrap(node, as: type, at: CodingPathReference(depth: tree.path.count, tail: tail), .key(key))
    }

    /// The value at a nested `path`; throws `keyNotFound` when a step is missing, `valueNotFound`
    /// when a step is `null`, `typeMismatch` when a step has the wrong kind.
    public func decode<Value: Decodable>(_ type: Value.Type, at path: [JSONModelPathStep<Key>]) throws -> Value {
        guard let tree else { return try container!.decode(type, at: path) }
        // Force-unwrap is safe: with required == true every missing or null step throws.
        return try Self.decode(type, in: tree, object: object, tail: tail, path: path, required: true)!
    }

    /// The value at a nested `path`, or `nil` when any step is missing or `null`; a step of the
    /// wrong kind still throws.
    public func decodeIfPresent<Value: Decodable>(_ type: Value.Type, at path: [JSONModelPathStep<Key>]) throws
        -> Value?
    {
        guard let tree else { return try container!.decodeIfPresent(type, at: path) }
        return try Self.decode(type, in: tree, object: object, tail: tail, path: path, required: false)
    }
}

// MARK: The tree route

extension JSONModelReader {
    /// The member named by `key`, matched as `JSONKeyedContainer` matches keys.
    @inline(__always)
    private static func member(_ key: Key, of object: JSONNode, in tree: JSONTreeDecoder) -> JSONNode? {
        // Through the decoder: a sparsely built tree must know of every key read.
        tree.member(key.stringValue, of: object)
    }

    private static func decode<Value: Decodable>(
        _ type: Value.Type, in tree: JSONTreeDecoder, object: JSONNode, tail: CodingPathNode?,
        path: [JSONModelPathStep<Key>], required: Bool
    ) throws -> Value? {
        let steps = path.map { step -> CodingPathComponent in
            switch step {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
        }
        return try tree.decode(type, along: steps, from: object, tail: tail, required: required)
    }
}
