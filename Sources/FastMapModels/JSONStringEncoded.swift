import Foundation

/// A `@JSONString` value: JSON text carried inside a JSON string (`"{\"id\": 1}"`), as queues
/// and webhooks send payloads. Decoding reads the string and decodes `Value` from its text;
/// encoding writes `Value` as compact JSON text inside a string.
public struct JSONStringEncoded<Value> {
    /// The value the string holds.
    public let value: Value

    /// Wraps `value` for encoding.
    public init(_ value: Value) {
        self.value = value
    }
}

extension JSONStringEncoded: Decodable where Value: Decodable {
    /// Reads a string and decodes `Value` from its text with `FastJSONDecoder` (keeping a
    /// FastJSONDecoder's `userInfo`, so a report passed to the outer decode sees inside).
    ///
    /// - Throws: `typeMismatch` when the value is not a string; `dataCorrupted` at this value's
    ///   coding path when the text is not JSON or does not decode, with the inner error (and its
    ///   path inside the text) as `underlyingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let inner = FastJSONDecoder()
        if let tree = decoder as? JSONTreeDecoder { inner.userInfo = tree.options.userInfo }
        do {
            value = try inner.decode(Value.self, from: Data(text.utf8))
        } catch {
            let detail: String
            switch error {
            case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
                DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
                let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                detail = "at $\(path) inside the string: \(context.debugDescription)"
            default:
                detail = "\(error)"
            }
            // Verbatim: the inner description keeps its own final period.
            throw CodingErrors.dataCorrupted(
                at: container.codingPath, "The string holds JSON that does not decode as \(Value.self): \(detail)",
                underlying: error, wording: .verbatim)
        }
    }
}

extension JSONStringEncoded: Encodable where Value: Encodable {
    /// Writes `value` as compact JSON text inside a string.
    public func encode(to encoder: any Encoder) throws {
        let data = try FastJSONEncoder().encode(value)
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: data, as: UTF8.self))
    }
}
