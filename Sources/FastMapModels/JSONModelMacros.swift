/// Writes `CodingKeys`, `init(from:)` and `encode(to:)` for a struct or class from its stored
/// properties and their annotations (`@Key`, `@Default`, `@Lossless`, `@Lossy`, `@DateFormat`,
/// `@Modify`, `@Validate`, `@EncodeNil`, `@Transform`, `@Ignore`), and adds `Codable` (and, for
/// structs and classes, `JSONObjectDecodable` and `JSONObjectEncodable`, through which a
/// model holding one reads and writes it without a `Decoder` or `Encoder`).
///
/// The generated code uses plain `Codable` containers, so the model works with any `Decoder` and
/// `Encoder` (`JSONDecoder`, `FastJSONDecoder`, property-list coders); with `FastJSONDecoder` and
/// `FastJSONEncoder`, a struct or final class reads and writes JSON directly instead
/// (`JSONObjectReader`, `JSONObjectWriter`), with the same results and errors. A property without
/// annotations behaves as in a synthesized `Codable` conformance. A class whose first inherited
/// type looks like a superclass (not a well-known protocol) calls the superclass's
/// `init(from:)` and `encode(to:)` with the same coder; say so explicitly with
/// ``JSONModel(inheritsCoding:)``.
@attached(
    member, names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)),
    named(_JSONModelScope))
@attached(
    extension, conformances: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable,
    names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)))
public macro JSONModel() = #externalMacro(module: "FastMapMacros", type: "JSONModelMacro")

/// `@JSONModel` for a class, saying whether its superclass is `Codable`.
///
/// With `true`, `init(from:)` ends with `super.init(from: decoder)` and `encode(to:)` starts with
/// `super.encode(to: encoder)`, both on the same coder, so the superclass's properties share the
/// model's JSON object. With `false`, the superclass (if any) is initialized with `super.init()`.
@attached(
    member, names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)),
    named(_JSONModelScope))
@attached(
    extension, conformances: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable,
    names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)))
public macro JSONModel(inheritsCoding: Bool) = #externalMacro(module: "FastMapMacros", type: "JSONModelMacro")

/// `@JSONModel` for an enum with associated values: each case is a JSON object whose
/// `discriminator` member names the case (the case name, or its `@Key`) and whose other members are
/// the associated values, by label (`_0`, `_1` for unlabeled ones). A case with one unlabeled
/// associated value shares the object with that value (`{"type": "circle", "radius": 2}` for
/// `case circle(Circle)`).
@attached(member, names: named(_JSONModelScope))
@attached(
    extension, conformances: Decodable, Encodable, names: named(CodingKeys), named(init(from:)), named(encode(to:)))
public macro JSONModel(discriminator: String) = #externalMacro(module: "FastMapMacros", type: "JSONModelMacro")

/// The JSON key of a property, or a path to a nested value: `@Key("first_name")`,
/// `@Key("address.zipCode")`, `@Key("items[0].id")`, `@Key("a", "b", 0)`. Strings split on `.`
/// and may carry `[n]` indices; integers index arrays. On an enum case of a
/// `@JSONModel(discriminator:)` enum, the value of the discriminator for that case.
@attached(peer)
public macro Key(_ path: any JSONSubscript...) = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// The value a property takes when its key is missing or `null`; with `onInvalid: true` also when
/// the value is there but does not decode (wrong type, failed conversion or validation).
/// Encoding writes the property's value like any other.
@attached(peer)
public macro Default<Value>(_ value: Value, onInvalid: Bool = false) =
    #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Decodes the property from any JSON scalar that converts without loss: `987654321` or `true`
/// into a `String`, `"false"` or `1` into a `Bool`, `"42"` into an `Int`, `"1.5"` into a `Double`.
/// On arrays and sets each element converts and `null` elements are skipped. Encoding writes the
/// declared type. See ``JSONLosslessDecodable``.
@attached(peer)
public macro Lossless() = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Decodes an array, set or dictionary element by element and drops the elements (dictionary
/// values) that fail to decode, instead of failing the whole model. See ``JSONLossyCollection``.
@attached(peer)
public macro Lossy() = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Decodes and encodes a `Date` property in the given format, whatever the coder's date strategy.
@attached(peer)
public macro DateFormat(_ format: JSONDateFormat) = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Applies modifiers, in order, to a decoded value (not to `@Default` values): `.trimmed`,
/// `.trimmedNilIfEmpty`, `.clamping(to:)`, `.min(_:)`, `.max(_:)`, `.custom { ... }`, or any
/// ``JSONModifier`` of yours.
@attached(peer)
public macro Modify<Value>(_ modifiers: JSONModifier<Value>...) =
    #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Sorts a decoded collection: `.ascending`, `.descending`, `.ascending(by: \.id)`,
/// `.descending(by: \.name)`, `.sorted(by:)`. `nil` elements or keys sort last.
@attached(peer)
public macro Modify(_ sort: JSONSort) = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Checks a decoded value (not a `@Default` one); a `false` makes decoding throw a
/// `DecodingError.dataCorrupted` that names the model, the property, the key and the value.
/// For an optional property the check sees the unwrapped value and is skipped for `nil`.
@attached(peer)
public macro Validate<Value>(_ predicate: (Value) -> Bool) =
    #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// `@Validate` with a closure whose parameter type Swift cannot infer from the attribute alone
/// (`{ !$0.isEmpty }`, `{ $0.count > 3 }`); the macro checks it against the property's type.
/// When the closure calls a method on the value, give the parameter its type instead:
/// `{ (name: String) in name.hasPrefix("A") }`.
@attached(peer)
public macro Validate(_ predicate: (JSONModelValue) -> Bool) =
    #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Encodes `nil` as `null` instead of leaving the key out.
@attached(peer)
public macro EncodeNil() = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Decodes and encodes the property through a ``JSONModelTransformer``:
/// `@Transform(URLFromString.self) let homepage: URL`.
@attached(peer)
public macro Transform<Transformer: JSONModelTransformer>(_ transformer: Transformer.Type) =
    #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Leaves the property out of decoding and encoding; it keeps its initial value.
@attached(peer)
public macro Ignore() = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")
