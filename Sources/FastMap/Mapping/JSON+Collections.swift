@_spi(FastMapCore) import FastMapCore

/// Arrays that tolerate bad elements, and values whose type is one of several.
extension JSON {
    /// The array at `path` (by default this value) decoded element by element as `T`.
    ///
    /// With `skippingInvalid`, elements that fail to decode (wrong kind, missing keys, `null`
    /// for a non-optional `T`, errors in nested objects) are left out instead of failing the
    /// whole array; the array itself must still be there and be an array.
    ///
    /// ```swift
    /// let owners = try json.decodeArray(Owner.self, at: "owners", skippingInvalid: true)
    /// ```
    /// - Throws: ``FastMapError`` when the path is missing, the value is not an array, or
    ///   (without `skippingInvalid`) an element fails, naming its index.
    public func decodeArray<T: Decodable>(
        _ type: T.Type, at path: JSONKeyPath = .root, skippingInvalid: Bool = false
    ) throws -> [T] {
        let array = try arrayNode(at: path, expecting: [T].self)
        guard skippingInvalid else { return try decodeValue([T].self, from: array, at: path.components) }
        var result: [T] = []
        result.reserveCapacity(array.arrayCount)
        for element in array.elements {
            guard let value = try? decodeUnmapped(T.self, from: element, using: nil) else { continue }
            result.append(value)
        }
        return result
    }

    /// The value at `path` decoded as the first of `types` that accepts it, tried in order: for
    /// polymorphic payloads whose shape tells their type.
    ///
    /// ```swift
    /// let vehicle = try json.decodeAsOneOf(Train.self, Truck.self, Car.self, at: "vehicle")
    /// ```
    /// - Throws: when no type accepts the value, the last type's ``FastMapError``, its message
    ///   naming every type tried.
    public func decodeAsOneOf(_ types: any Decodable.Type..., at path: JSONKeyPath = .root) throws -> any Decodable {
        let node = try requiredNode(at: path, expecting: Any.self)
        return try decodeOneOf(types, from: node, at: path.components)
    }

    /// ``decodeAsOneOf(_:at:)`` cast to the common type `Base` of the candidates (a protocol
    /// or a superclass).
    ///
    /// ```swift
    /// let vehicle = try json.decodeAsOneOf(Train.self, Truck.self, Car.self, as: (any Vehicle).self)
    /// ```
    /// - Throws: as ``decodeAsOneOf(_:at:)``; also (`typeMismatch`) when the value decoded is
    ///   not a `Base`.
    public func decodeAsOneOf<Base>(
        _ types: any Decodable.Type..., as base: Base.Type, at path: JSONKeyPath = .root
    ) throws -> Base {
        let node = try requiredNode(at: path, expecting: Base.self)
        return try cast(decodeOneOf(types, from: node, at: path.components), to: Base.self, at: path.components)
    }

    /// The array at `path`, each element decoded as the first of `types` that accepts it.
    /// - Throws: ``FastMapError`` when the path is missing, the value is not an array, or an
    ///   element fits none of the types (naming its index and every type tried).
    public func decodeArrayAsOneOf(_ types: any Decodable.Type..., at path: JSONKeyPath = .root) throws
        -> [any Decodable]
    {
        try decodeArrayOneOf(types, at: path) { value, _ in value }
    }

    /// ``decodeArrayAsOneOf(_:at:)`` with every element cast to `Base`.
    public func decodeArrayAsOneOf<Base>(
        _ types: any Decodable.Type..., as base: Base.Type, at path: JSONKeyPath = .root
    ) throws -> [Base] {
        try decodeArrayOneOf(types, at: path) { value, elementPath in
            try cast(value, to: Base.self, at: elementPath)
        }
    }

    // MARK: Internals

    private func decodeArrayOneOf<Element>(
        _ types: [any Decodable.Type], at path: JSONKeyPath,
        _ finish: (any Decodable, [JSONKeyPath.Component]) throws -> Element
    ) throws -> [Element] {
        let array = try arrayNode(at: path, expecting: [Element].self)
        var result: [Element] = []
        result.reserveCapacity(array.arrayCount)
        for (index, element) in array.elements.enumerated() {
            let elementPath = path.components + [.index(index)]
            result.append(try finish(decodeOneOf(types, from: element, at: elementPath), elementPath))
        }
        return result
    }

    /// The node at `path`, which must be an array.
    private func arrayNode(at path: JSONKeyPath, expecting type: Any.Type) throws(FastMapError) -> JSONNode {
        let node = try requiredNode(at: path, expecting: type)
        if node.isArray { return node }
        if node.isNull { throw nullValue(at: path.components, expecting: type) }
        throw FastMapError.typeMismatch(
            expected: "\(type)", found: JSON(document: document, node: node), path: path.components
        )
        .located(root: self)
    }

    private func decodeOneOf(
        _ types: [any Decodable.Type], from node: JSONNode, at path: [JSONKeyPath.Component]
    ) throws -> any Decodable {
        guard let last = types.last else {
            throw FastMapError(
                kind: .invalidValue, message: "decodeAsOneOf needs at least one type", path: path,
                node: JSON(document: document, node: node), root: self)
        }
        for candidate in types.dropLast() {
            if let value = try? decodeCandidate(candidate, from: node) { return value }
        }
        do {
            return try decodeCandidate(last, from: node)
        } catch {
            guard var failure = FastMapError.mapping(error, decodingAt: path, root: self) as? FastMapError else {
                throw error
            }
            let names = types.map { "\($0)" }.joined(separator: ", ")
            failure.message = "none of \(names) matches; \(last): \(failure.message)"
            throw failure
        }
    }

    /// Opens the existential so the candidate decodes through the generic path.
    private func decodeCandidate<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> any Decodable {
        try decodeUnmapped(T.self, from: node, using: nil)
    }

    private func cast<Base>(_ value: any Decodable, to base: Base.Type, at path: [JSONKeyPath.Component]) throws -> Base
    {
        if let value = value as? Base { return value }
        let found = json(at: path)
        throw FastMapError(
            kind: .typeMismatch, message: "decoded a \(type(of: value)), which is not a \(Base.self)", path: path,
            expectedType: "\(Base.self)", foundKind: found.kind, foundSnippet: found.snippet(), node: found, root: self)
    }
}
