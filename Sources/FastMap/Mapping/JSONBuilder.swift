@_spi(FastMapCore) import FastMapCore
import Foundation

/// Builds a JSON object by writing values under keys, the way matthewcheok's `JSONEncoder.create`
/// did. Dotted keys create the objects on the way (`"properties.location.lat"`), optionals that
/// are `nil` are left out (or written as `null` when ``writesNullForNil`` is set), and
/// transformers convert values on the way out.
///
/// ```swift
/// let json = try JSON.build { builder in
///     try builder.encode(user.id, key: "id")
///     try builder.encode(user.name, key: "full_name")
///     try builder.encode(user.email, key: "email")                  // left out when nil
///     try builder.encode(user.website, key: "website", transformer: .stringToURL)
///     try builder.encode(user.latitude, key: "properties.location.lat")
/// }
/// let text = try json.jsonString()
/// ```
///
/// Values can be anything `Encodable`: strings, numbers of every width, booleans, `Date` (ISO
/// 8601), `URL`, ``JSON`` values (shared, not copied), arrays, dictionaries and models. A key
/// written twice keeps its first position and its last value. Brackets address array elements:
/// `"tags[0]"` creates the array, and an index may name an existing element or the next one.
///
/// A builder only lives inside ``JSON/build(writesNullForNil:_:)``; using it after that throws.
public final class JSONBuilder {
    /// Whether `nil` optionals are written as `null` instead of being left out.
    public var writesNullForNil: Bool

    private var root: JSONBuildNode
    /// Containers this builder made (or copied), so writing into them changes no other tree;
    /// held, so that no node made later can take the identity of one replaced meanwhile.
    private var owned: [ObjectIdentifier: JSONBuildNode]
    var parts = JSON.SharedParts(depth: 1)
    private var depth = 1
    private var finished = false

    init(writesNullForNil: Bool) {
        self.writesNullForNil = writesNullForNil
        root = .makeObject()
        owned = [root.identity: root]
    }

    // MARK: Writing

    /// Writes `value` under `key`.
    /// - Throws: ``FastMapError`` when the value has no JSON form (NaN, an encoding error), or
    ///   a step of `key` meets a value that is not an object (or array) to write into.
    public func encode<T: Encodable>(_ value: T, key: JSONKeyPath) throws {
        let (node, valueDepth) = try makeNode(value, at: key)
        try put(node, depth: valueDepth, at: key)
    }

    /// Writes `value` under `key`, or leaves the key out when `value` is `nil` (writes `null`
    /// when ``writesNullForNil`` is set).
    public func encode<T: Encodable>(_ value: T?, key: JSONKeyPath) throws {
        guard let value else { return try encodeNil(key: key) }
        try encode(value, key: key)
    }

    /// Converts `value` with `transformer` and writes the result under `key`.
    /// - Throws: ``FastMapError`` (`invalidValue`) when the transformer returns `nil`.
    public func encode<Encoded: Encodable, Decoded>(
        _ value: Decoded, key: JSONKeyPath, transformer: JSONValueTransformer<Encoded, Decoded>
    ) throws {
        guard let encoded = try transformer.encoding(value) else {
            throw FastMapError(
                kind: .invalidValue, message: "\(transformer) cannot convert \(value) to \(Encoded.self)",
                path: key.components, expectedType: "\(Encoded.self)")
        }
        try encode(encoded, key: key)
    }

    /// Converts `value` with `transformer` and writes it under `key`; `nil` is handled as by
    /// ``encode(_:key:)-(T?,_)``.
    public func encode<Encoded: Encodable, Decoded>(
        _ value: Decoded?, key: JSONKeyPath, transformer: JSONValueTransformer<Encoded, Decoded>
    ) throws {
        guard let value else { return try encodeNil(key: key) }
        try encode(value, key: key, transformer: transformer)
    }

    /// Writes `null` under `key`, whatever ``writesNullForNil`` says.
    public func encodeNull(key: JSONKeyPath) throws {
        try put(.makeNull(), depth: 0, at: key)
    }

    private func encodeNil(key: JSONKeyPath) throws {
        if writesNullForNil { try encodeNull(key: key) }
    }

    /// Ends the builder's life and hands its tree to a `JSON` value.
    func finish() -> JSON {
        finished = true
        parts.depth = max(parts.depth, depth)
        return JSON.owning(root, parts: parts)
    }

    // MARK: Placing nodes

    /// Places `child` at `path`, creating containers on the way.
    private func put(_ child: JSONBuildNode, depth childDepth: Int, at path: JSONKeyPath) throws(FastMapError) {
        let components = path.components
        guard !finished else {
            throw FastMapError(
                kind: .invalidValue, message: "the builder was used after JSON.build returned", path: components)
        }
        guard let last = components.last else {
            throw FastMapError(kind: .invalidValue, message: "cannot write a value under an empty key")
        }
        var container = root
        for index in 0..<(components.count - 1) {
            container = try descend(
                from: container, components[index], toward: components[index + 1], at: components[...index])
        }
        try place(child, in: container, last, at: components)
        depth = max(depth, components.count + childDepth)
    }

    /// The container `component` names in `container`, made (or copied, when it belongs to
    /// another tree) so that it can be written into; its kind is the one `next` needs.
    private func descend(
        from container: JSONBuildNode, _ component: JSONKeyPath.Component, toward next: JSONKeyPath.Component,
        at path: ArraySlice<JSONKeyPath.Component>
    ) throws(FastMapError) -> JSONBuildNode {
        let needsObject: Bool
        switch next {
        case .key: needsObject = true
        case .index: needsObject = false
        }
        let existing = try slot(component, in: container, at: path)
        guard let existing else {
            let made: JSONBuildNode = needsObject ? .makeObject() : .makeArray()
            owned[made.identity] = made
            try place(made, in: container, component, at: path)
            return made
        }
        guard needsObject ? existing.isObject : existing.isArray else {
            // Written now: the builder may still change the tree it shares.
            let found = JSON.owning(existing.shallowCopy(), parts: parts)
            let snippet = found.snippet()
            throw FastMapError(
                kind: .typeMismatch,
                message: "cannot write into \(found.kind): expected \(needsObject ? "object" : "array")",
                path: Array(path), expectedType: needsObject ? "object" : "array", foundKind: found.kind,
                foundSnippet: snippet, node: found)
        }
        if owned[existing.identity] != nil { return existing }
        let copy = existing.shallowCopy()
        owned[copy.identity] = copy
        try place(copy, in: container, component, at: path)
        return copy
    }

    /// The value `component` names in `container`, nil when there is none yet.
    private func slot(
        _ component: JSONKeyPath.Component, in container: JSONBuildNode, at path: ArraySlice<JSONKeyPath.Component>
    ) throws(FastMapError) -> JSONBuildNode? {
        switch component {
        case .key(let key):
            guard container.isObject else { throw misplaced(component, at: path) }
            return container.member(key)
        case .index(let index):
            guard container.isArray else { throw misplaced(component, at: path) }
            return container.element(at: index)
        }
    }

    /// Sets `component` of `container` to `child`.
    private func place<Path: Collection<JSONKeyPath.Component>>(
        _ child: JSONBuildNode, in container: JSONBuildNode, _ component: JSONKeyPath.Component, at path: Path
    ) throws(FastMapError) {
        switch component {
        case .key(let key):
            guard container.isObject else {
                throw misplaced(component, at: path)
            }
            container.replaceMember(key, with: child)
        case .index(let index):
            guard container.isArray else {
                throw misplaced(component, at: path)
            }
            let count = container.arrayCount
            if index < count {
                container.replaceElement(at: index, with: child)
            } else if index == count {
                container.append(child)
            } else {
                throw FastMapError(
                    kind: .invalidValue,
                    message: "cannot write index \(index) of an array of \(count) elements (only 0...\(count))",
                    path: Array(path))
            }
        }
    }

    private func misplaced<Path: Collection<JSONKeyPath.Component>>(
        _ component: JSONKeyPath.Component, at path: Path
    ) -> FastMapError {
        let expected: JSON.Kind
        switch component {
        case .key: expected = .object
        case .index: expected = .array
        }
        return FastMapError(
            kind: .typeMismatch, message: "\(component) needs an \(expected) to be written into", path: Array(path),
            expectedType: expected.rawValue)
    }
}

extension JSON {
    /// Builds a JSON object with a ``JSONBuilder``.
    ///
    /// ```swift
    /// let json = try JSON.build { try $0.encode("Ada", key: "name") }
    /// ```
    /// - Parameters:
    ///   - writesNullForNil: write `nil` optionals as `null` instead of leaving them out.
    ///   - body: writes the values.
    public static func build(writesNullForNil: Bool = false, _ body: (JSONBuilder) throws -> Void) rethrows -> JSON {
        let builder = JSONBuilder(writesNullForNil: writesNullForNil)
        try body(builder)
        return builder.finish()
    }
}
