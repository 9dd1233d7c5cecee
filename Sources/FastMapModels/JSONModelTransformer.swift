/// A two-way conversion between a property's type and a `Codable` JSON representation, named in
/// `@Transform(MyTransformer.self)`.
///
/// ```swift
/// enum URLFromString: JSONModelTransformer {
///     static func decode(_ json: String) throws -> URL { ... }
///     static func encode(_ value: URL) throws -> String { value.absoluteString }
/// }
/// ```
public protocol JSONModelTransformer {
    /// The property's type.
    associatedtype Value
    /// What the JSON holds.
    associatedtype JSONValue: Codable

    /// The property's value for a decoded JSON value; throw when it does not convert.
    static func decode(_ json: JSONValue) throws -> Value

    /// The JSON value to write for the property's value.
    static func encode(_ value: Value) throws -> JSONValue
}
