// The annotations and `@JSONModel` spellings of issue #19: aliases, naming rules, root paths,
// flattening, enum tagging, one-way ignores and JSON held in strings. JSONModelMacros.swift
// declares the original set.

/// `@JSONModel` with a naming rule for every property without its own `@Key`, and optionally a
/// root path: `@JSONModel(keys: .snakeCase)`, `@JSONModel(keys: .kebabCase, root: "data.user")`.
@attached(
    member, names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)),
    named(_JSONModelScope))
@attached(
    extension, conformances: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable,
    names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)))
public macro JSONModel(keys: JSONKeyStyle, root: String? = nil, inheritsCoding: Bool? = nil) =
    #externalMacro(module: "FastMapMacros", type: "JSONModelMacro")

/// `@JSONModel` for a type that lives at a path of object keys: `@JSONModel(root: "data.user")`
/// decodes the whole type from the object at `data.user` and encodes it back into
/// `{"data": {"user": {…}}}`.
@attached(
    member, names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)),
    named(_JSONModelScope))
@attached(
    extension, conformances: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable,
    names: named(CodingKeys), named(init(from:)), named(init(document:)), named(init(coding:)),
    named(readJSONObject(_:)), named(encode(to:)), named(encode(writer:)), named(encode(coding:)))
public macro JSONModel(root: String, inheritsCoding: Bool? = nil) =
    #externalMacro(module: "FastMapMacros", type: "JSONModelMacro")

/// `@JSONModel` for an enum with associated values, in one of the ``JSONEnumTagging`` layouts:
/// `.external`, `.internal(discriminator:)`, `.adjacent(tag:content:)` or `.untagged`. `@Key("c")`
/// on a case sets its tag; `@Key("r", for: "radius")` on a case names the member of its associated
/// value `radius` (Swift allows no attributes on associated values themselves).
@attached(member, names: named(_JSONModelScope))
@attached(
    extension, conformances: Decodable, Encodable, names: named(CodingKeys), named(init(from:)), named(encode(to:)))
public macro JSONModel(tagging: JSONEnumTagging) = #externalMacro(module: "FastMapMacros", type: "JSONModelMacro")

/// Further keys tried, in order, when the property's own key is missing:
/// `@DecodeAlias("identifier", "user_id") let id: Int`. Encoding writes the property's own key.
@attached(peer)
public macro DecodeAlias(_ keys: String...) = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// The key (or key path) written when encoding, when it differs from the one read:
/// `@Key("user_name") @EncodeKey("userName") let name: String`.
@attached(peer)
public macro EncodeKey(_ key: String) = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Leaves the property out of one direction only: `@Ignore(.decoding)` keeps its initial value
/// when decoding but is written when encoding; `@Ignore(.encoding)` is read but never written.
@attached(peer)
public macro Ignore(_ direction: JSONCodingDirection) =
    #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// Reads the members of a nested model from the enclosing object and writes them back into it:
/// `@Flatten let address: Address` takes `street` and `city` from `{"name": …, "street": …,
/// "city": …}`.
@attached(peer)
public macro Flatten() = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// A property whose JSON value is a string holding JSON (`"payload": "{\"id\": 1}"`): decoded
/// from the string's text and encoded back as a string. See ``JSONStringEncoded``.
@attached(peer)
public macro JSONString() = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")

/// On a case of a `@JSONModel` enum: the member key of one associated value, by label (or `_0`,
/// `_1` for unlabeled ones): `@Key("r", for: "radius") case circle(radius: Double)` reads and
/// writes `{"r": 2}`.
@attached(peer)
public macro Key(_ key: String, for value: String) = #externalMacro(module: "FastMapMacros", type: "AnnotationMacro")
