import Foundation

/// One generated case: a schema, a payload for it (possibly corrupted) and decoder settings.
public struct RandomDecodingCase: Sendable {
    /// The model's shape.
    public var schema: RandomSchema
    /// The JSON text.
    public var json: String
    /// The date strategy both decoders use.
    public var dateStrategy: JSONDecoder.DateDecodingStrategy
    /// Whether keys are written in snake_case and decoded with `.convertFromSnakeCase`.
    public var snakeCase: Bool
    /// What was done to the payload, for failure messages.
    public var corruption: String
}
