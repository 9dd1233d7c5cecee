import Foundation

/// Combines transformers, applied left to right: `"air_marshal" <- Passenger.transformer`,
/// `"y2k" <- secondsSince1970`. Put the key path first, as in Ladybug.
infix operator <- : AdditionPrecedence

/// A transformer that applies `lhs`, then `rhs`.
public func <- (lhs: JSONTransformer, rhs: JSONTransformer) -> JSONTransformer {
    CompositeTransformer(parts: [lhs, rhs])
}

/// Supplies a value for a property whose key is missing from the JSON object (or, with
/// `override: true`, for every object): useful when an API adds a field, or to decode cached
/// JSON written before a property existed.
///
/// A `null` in the JSON is a value, not a missing key, as in Ladybug.
public struct Default: JSONTransformer {
    let value: DefaultValue
    let override: Bool

    /// A default for the property.
    ///
    /// - Parameters:
    ///   - value: the default, as `JSONSerialization` would take it (a string, number, bool,
    ///     `NSNull`, array or dictionary) or any `Encodable` value (a `Date`, an enum, a model).
    ///   - override: when `true`, the default replaces whatever the JSON holds.
    public init(value: Any, override: Bool = false) {
        self.value = DefaultValue(value)
        self.override = override
    }

    /// Always `nil`: a default belongs to the property's own key.
    public var keyPath: JSONKeyPath? { nil }

    /// Puts the default under `propertyKey` when the key is missing (or always, with `override`).
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        guard override || json[propertyKey] == nil, let value = value.foundationObject else { return }
        json[propertyKey] = value
    }
}

/// A default value as JSON. `JSONSerialization`-shaped values are converted when the transformer
/// is made; other `Encodable` values when first needed, since encoding a model reads its
/// transformers, which may be the very ones being made.
enum DefaultValue: Sendable {
    case json(JSON)
    case encodable(EncodedDefault)
    /// The value has no JSON form; decoding a property that needs it throws this message.
    case invalid(String)

    init(_ value: Any) {
        if let json = try? JSON(foundationObject: value) {
            self = .json(json)
        } else if let encodable = value as? any Encodable {
            self = .encodable(EncodedDefault(encodable))
        } else {
            self = .invalid("the default value of type \(type(of: value)) has no JSON form")
        }
    }

    /// The value as JSON, or the message saying why it has none.
    var resolved: Result<JSON, DefaultValueError> {
        switch self {
        case .json(let json): .success(json)
        case .encodable(let encoded): encoded.json
        case .invalid(let message): .failure(DefaultValueError(message: message))
        }
    }

    var foundationObject: Any? {
        try? resolved.get().foundationObject
    }
}

/// Why a default value has no JSON form.
struct DefaultValueError: Error {
    let message: String
}

/// An `Encodable` default, encoded once on first use. The value is only read (to encode it),
/// under the lock.
final class EncodedDefault: @unchecked Sendable {
    private let value: any Encodable
    private let encoded = LockedValue<Result<JSON, DefaultValueError>?>(nil)

    init(_ value: any Encodable) {
        self.value = value
    }

    var json: Result<JSON, DefaultValueError> {
        encoded.withLock { cached in
            if let cached { return cached }
            let result: Result<JSON, DefaultValueError>
            do {
                result = .success(try LadybugEncoding.encodeToJSON(value))
            } catch {
                result = .failure(
                    DefaultValueError(
                        message: "the default value of type \(type(of: value)) cannot be encoded: \(error)"))
            }
            cached = result
            return result
        }
    }
}

/// Turns the raw JSON value into the property with a closure: a string into a number, a list
/// into its sum. The closure gets the value as `JSONSerialization` would give it (`String`,
/// `Int`, `Double`, `Bool`, `NSNull`, `[Any]`, `[String: Any]`), or `nil` when it is missing.
///
/// When the closure returns `nil`, the property's own key is read instead, so a closure that
/// returns `nil` for values it does not recognize can also decode what `toData()` wrote.
/// `Map` only decodes: `toData()` writes the property's value under the transformer's key path
/// when nothing else is written there.
public struct Map<MappedToType: Codable>: JSONTransformer {
    /// Where the value to map is read; `nil` for the property's own key (or for the value
    /// found by a key path before it in a `<-` chain).
    public let keyPath: JSONKeyPath?
    let map: @Sendable (Any?) -> MappedToType?

    /// Maps the value found for the property.
    public init(map: @escaping @Sendable (Any?) -> MappedToType?) {
        self.keyPath = nil
        self.map = map
    }

    /// Maps the value at `keyPath`.
    public init(keyPath: JSONKeyPath, map: @escaping @Sendable (Any?) -> MappedToType?) {
        self.keyPath = keyPath
        self.map = map
    }

    /// Stores the mapped value under `propertyKey`, unless the closure returns `nil`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        let source = keyPath ?? JSONKeyPath(components: [.key(propertyKey)])
        if let mapped = map(json[jsonKeyPath: source]) { json[propertyKey] = mapped }
    }
}

/// Ladybug's earlier name for ``Map``.
public typealias MapTransformer<MappedToType: Codable> = Map<MappedToType>

/// Marks a property as a nested ``JSONCodable`` model, optionally found at a key path. FastMap
/// applies a nested model's transformers with or without this marker; it remains for source
/// compatibility and for its key path. Usually written `Model.transformer`.
public struct NestedObjectTransformer<Model: JSONCodable>: JSONTransformer {
    /// Where the nested object is; `nil` for the property's own key.
    public let keyPath: JSONKeyPath?

    /// A marker for the object at `keyPath` (or under the property's own key).
    public init(keyPath: JSONKeyPath? = nil) {
        self.keyPath = keyPath
    }

    /// Applies the model's transformers to the nested object and stores it under `propertyKey`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        let source = keyPath ?? JSONKeyPath(components: [.key(propertyKey)])
        guard var nested = json[jsonKeyPath: source] as? [String: Any] else { return }
        Model.applyTransformers(to: &nested)
        json[propertyKey] = nested
    }
}

/// Marks a property as an array of nested ``JSONCodable`` models, optionally found at a key
/// path. Usually written `[Model].transformer`; see ``NestedObjectTransformer``.
public struct NestedListTransformer<Model: JSONCodable>: JSONTransformer {
    /// Where the array is; `nil` for the property's own key.
    public let keyPath: JSONKeyPath?

    /// A marker for the array at `keyPath` (or under the property's own key).
    public init(keyPath: JSONKeyPath? = nil) {
        self.keyPath = keyPath
    }

    /// Applies the model's transformers to each object of the array and stores the array
    /// under `propertyKey`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        let source = keyPath ?? JSONKeyPath(components: [.key(propertyKey)])
        guard let list = json[jsonKeyPath: source] as? [[String: Any]] else { return }
        json[propertyKey] = list.map { element in
            var element = element
            Model.applyTransformers(to: &element)
            return element
        }
    }
}

/// Transformers applied one after the other (the `<-` operator).
struct CompositeTransformer: JSONTransformer {
    let parts: [any JSONTransformer]

    init(parts: [any JSONTransformer]) {
        var flat: [any JSONTransformer] = []
        for part in parts {
            if let composite = part as? CompositeTransformer { flat += composite.parts } else { flat.append(part) }
        }
        self.parts = flat
    }

    var keyPath: JSONKeyPath? { nil }

    func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        for part in parts { part.transform(&json, mappingTo: propertyKey) }
    }

    func reverseTransform(_ json: inout [String: Any], mappingFrom propertyKey: PropertyKey) {
        for part in parts.reversed() { part.reverseTransform(&json, mappingFrom: propertyKey) }
    }
}

extension JSONCodable {
    /// Ladybug's decoding rewrite of a JSON object, for transformers that work on dictionaries.
    static func applyTransformers(to json: inout [String: Any]) {
        for (propertyKey, transformer) in transformersByPropertyKey {
            transformer.transform(&json, mappingTo: propertyKey)
        }
    }
}
