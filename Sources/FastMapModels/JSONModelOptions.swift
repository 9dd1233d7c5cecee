/// The naming rule `@JSONModel(keys:)` applies to every property without its own `@Key`.
///
/// The property name is split into words at lower-to-upper case changes, at the end of an
/// acronym (`userURLString` → `user`, `URL`, `String`) and at underscores; the rule then joins
/// the words.
public enum JSONKeyStyle: Sendable, Hashable {
    /// `user_id`
    case snakeCase
    /// `user-id`
    case kebabCase
    /// `userId`
    case camelCase
    /// `UserId`
    case pascalCase
    /// `USER_ID`
    case screamingSnakeCase
}

/// The direction `@Ignore(_:)` leaves a property out of.
public enum JSONCodingDirection: Sendable, Hashable {
    /// Not read when decoding (it keeps its initial value), still written when encoding.
    case decoding
    /// Read when decoding, never written when encoding.
    case encoding
}

/// How `@JSONModel(tagging:)` writes an enum with associated values.
public enum JSONEnumTagging: Sendable, Hashable {
    /// `{"circle": {"radius": 2}}`: one member named after the case, holding its values; a case
    /// without values is `{"point": {}}` (a plain `"point"` string decodes too).
    case external
    /// `{"type": "circle", "radius": 2}`: the values beside a member naming the case (the same as
    /// `@JSONModel(discriminator:)`).
    case `internal`(discriminator: String)
    /// `{"type": "circle", "value": {"radius": 2}}`: a member naming the case and a member holding
    /// its values; a case without values has no content member.
    case adjacent(tag: String, content: String)
    /// `{"radius": 2}`: only the values; decoding tries each case in declaration order and takes
    /// the first that decodes. A case without values is the string of its name.
    case untagged
}
