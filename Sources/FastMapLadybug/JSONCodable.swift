import Foundation

/// A model that decodes from JSON and encodes back with Ladybug 2's API: `Codable`
/// conformance plus per-property transformers for the keys that do not match.
///
/// ```swift
/// struct Tree: JSONCodable {
///     let name: String
///     let age: Int
///     let plantedAt: Date
///     let leaves: [Leaf]
///
///     static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
///         "name": JSONKeyPath("tree_names", "colloquial", 0),
///         "plantedAt": "planted_at" <- format("MM-dd-yyyy"),
///     ]
/// }
///
/// let tree = try Tree(data: data)
/// let json = try tree.toData()
/// ```
///
/// Existing Ladybug models compile unchanged with `import FastMapLadybug` and decode the same values,
/// but the work happens on FastMap's parsed tree: no `[String: Any]` rewriting and no second
/// parse. On top of Ladybug:
/// - nested `JSONCodable` models apply their own transformers even without `.transformer`;
/// - `toJSON()` / `toData()` write the shape the model decodes from (key paths nested again,
///   dates in their transformer's format), so `Model(data: model.toData())` round-trips;
/// - `format(_:)` reads dates in `en_US_POSIX` and UTC;
/// - errors are `DecodingError`s naming the property, the JSON path (with array indices) and
///   what was found there, with a `FastMapError` as underlying error.
///
/// Properties without a transformer read the key of their own name; a `Date` property without
/// one reads milliseconds since 1970, as in Ladybug.
public protocol JSONCodable: Codable {
    /// Decodes the model from JSON text.
    init(data: Data) throws

    /// Decodes the model from a JSON object as `JSONSerialization` makes them
    /// (`[String: Any]`), or from a `JSON` object value.
    init(json: Any) throws

    /// The model as a `JSONSerialization`-shaped object (`[String: Any]`).
    func toJSON() throws -> Any

    /// The model as JSON text.
    func toData() throws -> Data

    /// The transformers of the properties whose JSON differs from their name and type,
    /// by property key. Defaults to none.
    static var transformersByPropertyKey: [PropertyKey: JSONTransformer] { get }
}

/// What Ladybug throws when a value is not of the JSON kind a model needs.
public enum JSONCodableError: Error {
    /// A model needs a JSON object (`[String: Any]`) or a list needs an array, and got
    /// something else.
    case badType(expectedType: Any.Type, receivedType: Any.Type)
}

extension JSONCodable {
    /// Decodes the model from JSON text.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for malformed JSON (with line, column and byte
    ///   offset), ``JSONCodableError/badType(expectedType:receivedType:)`` when the text is not
    ///   an object, and `DecodingError` when the object does not fit the model.
    public init(data: Data) throws {
        self = try LadybugDecoding.decode(Self.self, from: data, expecting: .object)
    }

    /// Decodes the model from a `[String: Any]` object (or a `JSON` object value).
    ///
    /// - Throws: ``JSONCodableError/badType(expectedType:receivedType:)`` when `json` is not an
    ///   object, and `DecodingError` when it does not fit the model.
    public init(json: Any) throws {
        self = try LadybugDecoding.decode(Self.self, fromObject: json, expecting: .object)
    }

    /// The model as a `[String: Any]` object, in the shape it decodes from.
    public func toJSON() throws -> Any {
        try LadybugEncoding.encode(self).foundationObject
    }

    /// The model as JSON text, in the shape it decodes from.
    public func toData() throws -> Data {
        try LadybugEncoding.encode(self).data()
    }

    /// No transformers: every property reads the key of its own name.
    public static var transformersByPropertyKey: [PropertyKey: JSONTransformer] { [:] }

    /// Marks a property as this nested model (Ladybug's `Model.transformer`). FastMap applies
    /// nested models' transformers without it too; combine it with a key path using `<-`.
    public static var transformer: JSONTransformer { NestedObjectTransformer<Self>() }
}

extension Array where Element: JSONCodable {
    /// Decodes a list of models from JSON text holding an array of objects.
    ///
    /// - Throws: ``JSONCodableError/badType(expectedType:receivedType:)`` when the text is not
    ///   an array of objects; otherwise as ``JSONCodable/init(data:)``.
    public init(data: Data) throws {
        self = try LadybugDecoding.decode([Element].self, from: data, expecting: .arrayOfObjects)
    }

    /// Decodes a list of models from an `[Any]` array of `[String: Any]` objects (or a
    /// `JSON` array value).
    public init(json: Any) throws {
        self = try LadybugDecoding.decode([Element].self, fromObject: json, expecting: .arrayOfObjects)
    }

    /// The models as an `[Any]` array of objects, in the shape they decode from.
    public func toJSON() throws -> Any {
        try LadybugEncoding.encode(self).foundationObject
    }

    /// The models as JSON text, in the shape they decode from.
    public func toData() throws -> Data {
        try LadybugEncoding.encode(self).data()
    }

    /// Marks a property as a list of this nested model (Ladybug's `[Model].transformer`).
    public static var transformer: JSONTransformer { NestedListTransformer<Element>() }
}

/// A list of models that is itself ``JSONCodable``, for generic code constrained to
/// `JSONCodable` (`ContentProvider<List<Tweet>>`). It reads and writes a plain JSON array.
public struct List<T: JSONCodable>: JSONCodable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The models.
    public var array: [T]

    /// The models, under Ladybug's name for them.
    public var object: [T] {
        get { array }
        set { array = newValue }
    }

    /// A list of `object` (Ladybug's spelling).
    public init(object: [T]) {
        self.array = object
    }

    /// A list of `array`.
    public init(array: [T]) {
        self.array = array
    }

    /// A list of `array`.
    public init(_ array: [T]) {
        self.array = array
    }

    /// A list of the literal's models.
    public init(arrayLiteral elements: T...) {
        self.array = elements
    }

    /// Decodes the list from JSON text holding an array of objects.
    public init(data: Data) throws {
        self.array = try [T](data: data)
    }

    /// Decodes the list from an `[Any]` array of objects (or a `JSON` array value).
    public init(json: Any) throws {
        self.array = try [T](json: json)
    }

    /// Decodes the list from an array.
    public init(from decoder: any Decoder) throws {
        self.array = try decoder.singleValueContainer().decode([T].self)
    }

    /// Encodes the list as an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(array)
    }

    /// The models as an `[Any]` array of objects.
    public func toJSON() throws -> Any { try array.toJSON() }

    /// The models as JSON text.
    public func toData() throws -> Data { try array.toData() }

    /// Always 0.
    public var startIndex: Int { array.startIndex }
    /// The number of models.
    public var endIndex: Int { array.endIndex }

    /// The model at `position`.
    public subscript(position: Int) -> T {
        get { array[position] }
        set { array[position] = newValue }
    }
}

extension List: Equatable where T: Equatable {}
extension List: Hashable where T: Hashable {}
extension List: Sendable where T: Sendable {}
