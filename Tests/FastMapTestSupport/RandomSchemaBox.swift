import Foundation

/// The `userInfo` key under which ``SchemaDecoded`` finds its schema.
public let randomSchemaKey = CodingUserInfoKey(rawValue: "fastmap.randomSchema")!

/// Holds the schema in `userInfo`.
public final class RandomSchemaBox: Sendable {
    /// The root schema.
    public let schema: RandomSchema
    /// Wraps `schema`.
    public init(_ schema: RandomSchema) { self.schema = schema }
}
