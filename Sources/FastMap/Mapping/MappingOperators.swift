@_spi(FastMapCore) import FastMapCore

/// The precedence of `=>` and `=>?`: right-associative, so `json => "a" => "b"` first joins
/// `"a" => "b"` into one path and then applies it to `json`; tighter than `as`, so
/// `json => "a" as String` reads the value before casting.
precedencegroup JSONMappingPrecedence {
    associativity: right
    higherThan: CastingPrecedence
}

/// Reads the value at a path (`json => "user" => "name"`) and decodes it as the type the context
/// asks for. Missing keys and type mismatches throw; `null` throws unless the result is optional.
infix operator => : JSONMappingPrecedence

/// Like `=>`, but the key to its right may be missing: the result is then `nil`.
infix operator =>? : JSONMappingPrecedence

// MARK: - Joining paths

/// `"a" => "b"`: the steps of both paths, all required.
public func => (lhs: JSONKeyPath, rhs: JSONKeyPath) -> JSONKeyPath {
    JSONKeyPath(components: lhs.components + rhs.components)
}

/// `"a" =>? "b" => "c"`: the right path's first step becomes required.
public func => (lhs: JSONOptionalKeyPath, rhs: JSONOptionalKeyPath) -> JSONOptionalKeyPath {
    JSONOptionalKeyPath(steps: lhs.steps + rhs.markingFirst(required: true).steps)
}

/// `"a" =>? "b"`: the right path's first step may be missing.
public func =>? (lhs: JSONOptionalKeyPath, rhs: JSONOptionalKeyPath) -> JSONOptionalKeyPath {
    JSONOptionalKeyPath(steps: lhs.steps + rhs.markingFirst(required: false).steps)
}

/// An optional path continued by a required one (for paths held in variables).
@_disfavoredOverload
public func => (lhs: JSONOptionalKeyPath, rhs: JSONKeyPath) -> JSONOptionalKeyPath {
    lhs => JSONOptionalKeyPath(rhs, firstIsOptional: false)
}

/// A required path whose continuation may be missing (for paths held in variables).
@_disfavoredOverload
public func =>? (lhs: JSONKeyPath, rhs: JSONOptionalKeyPath) -> JSONOptionalKeyPath {
    JSONOptionalKeyPath(lhs, firstIsOptional: false) =>? rhs
}

/// Two required paths joined by `=>?` (for paths held in variables): the first step of `rhs`
/// may be missing.
@_disfavoredOverload
public func =>? (lhs: JSONKeyPath, rhs: JSONKeyPath) -> JSONOptionalKeyPath {
    JSONOptionalKeyPath(lhs, firstIsOptional: false) =>? JSONOptionalKeyPath(rhs)
}

// MARK: - Reading values: `=>`

/// The value at `path`, decoded as `T` (any `Decodable`: scalars, every integer width, `Date`
/// from ISO 8601, `URL`, raw-value enums, arrays of any depth, `[T?]`, dictionaries, models).
///
/// | result | `null` | missing key | type mismatch | error in a sub-object |
/// | --- | --- | --- | --- | --- |
/// | `T` | throws | throws | throws | throws |
/// | `T?` | `nil` | throws | throws | throws |
///
/// ```swift
/// let name: String = try json => "user" => "name"
/// let nickname: String? = try json => "user" => "nickname"   // nil when null
/// ```
/// - Throws: ``FastMapError`` with the path from `json` (with array indices), the missing key,
///   the expected type and what was found.
public func => <T: Decodable>(json: JSON, path: JSONKeyPath) throws -> T {
    let node = try json.requiredNode(at: path, expecting: T.self)
    return try json.decodeValue(T.self, from: node, at: path.components)
}

/// The value at `path` as a `JSON` value sharing the document, or `nil` when it is `null`.
/// (Asked for as plain `JSON`, through the generic form, a `null` is a `JSON` null.)
public func => (json: JSON, path: JSONKeyPath) throws -> JSON? {
    let node = try json.requiredNode(at: path, expecting: JSON.self)
    // `.none`, not `nil`: JSON is itself expressible by `nil` (a JSON null).
    return node.isNull ? .none : JSON(document: json.document, node: node)
}

/// The value at `path` in `JSONSerialization`'s shapes (see ``JSON/foundationObject``).
public func => (json: JSON, path: JSONKeyPath) throws -> Any {
    JSON(document: json.document, node: try json.requiredNode(at: path, expecting: Any.self)).foundationObject
}

/// `json => "a" =>? "b"`: the first step is required, later steps marked with `=>?` may be
/// missing (the result is then `nil`), and `null` at the end gives `nil`.
@_disfavoredOverload
public func => <T: Decodable>(json: JSON, path: JSONOptionalKeyPath) throws -> T? {
    try json =>? path.markingFirst(required: true)
}

/// `json => "a" =>? "b"` as a `JSON` value; `nil` when a step marked `=>?` is missing or the
/// value is `null`.
@_disfavoredOverload
public func => (json: JSON, path: JSONOptionalKeyPath) throws -> JSON? {
    try json =>? path.markingFirst(required: true)
}

// MARK: - Reading values: `=>?`

/// The value at `path` decoded as `T`, or `nil` when it is `null` or a step marked optional is
/// missing.
///
/// | result | `null` | missing key | type mismatch | error in a sub-object |
/// | --- | --- | --- | --- | --- |
/// | `T?` | `nil` | `nil` | throws | throws |
///
/// ```swift
/// let followers: Int? = try json =>? "user" => "followers"   // nil without "user"
/// ```
/// A `null` met halfway after an optional step counts as missing; any other value that is
/// not the object or array the next step needs throws.
public func =>? <T: Decodable>(json: JSON, path: JSONOptionalKeyPath) throws -> T? {
    let steps = path.steps
    guard
        let node = try json.node(
            at: steps.lazy.map(\.component), expecting: T.self, isOptional: { !steps[$0].isRequired })
    else { return nil }
    if node.isNull { return nil }
    return try json.decodeValue(T.self, from: node, at: steps.lazy.map(\.component))
}

/// The value at `path` as a `JSON` value; `nil` when it is `null` or an optional step is missing.
public func =>? (json: JSON, path: JSONOptionalKeyPath) throws -> JSON? {
    let steps = path.steps
    guard
        let node = try json.node(
            at: steps.lazy.map(\.component), expecting: JSON.self, isOptional: { !steps[$0].isRequired }),
        !node.isNull
    else { return nil }
    return JSON(document: json.document, node: node)
}

/// The value at `path` in `JSONSerialization`'s shapes; `nil` when it is `null` or an optional
/// step is missing.
public func =>? (json: JSON, path: JSONOptionalKeyPath) throws -> Any? {
    let value: JSON? = try json =>? path
    return value?.foundationObject
}
