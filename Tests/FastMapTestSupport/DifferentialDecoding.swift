import FastMap
import Foundation
import Testing

/// What one decoder made of one input: a value, or an error reduced to what must match between
/// `FastJSONDecoder` and `JSONDecoder` (the `DecodingError` case, the coding path as
/// `stringValue`/`intValue` pairs, and the missing key).
public enum DecodingOutcome<T: Equatable>: Equatable, CustomStringConvertible {
    /// The decoded value.
    case value(T)
    /// A `DecodingError`, reduced.
    case failure(DecodingFailure)
    /// Any other error, by its description.
    case otherError(String)

    /// Decodes `body()` and records what happened.
    public init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch let error as DecodingError {
            self = .failure(DecodingFailure(error))
        } catch {
            self = .otherError(String(describing: error))
        }
    }

    /// A one-line summary for failure messages.
    public var description: String {
        switch self {
        case .value(let value): "value \(value)"
        case .failure(let failure): failure.description
        case .otherError(let text): "non-DecodingError \(text)"
        }
    }
}

/// A `DecodingError` reduced to its case, coding path and missing key, plus (not compared)
/// its description and underlying error.
public struct DecodingFailure: Equatable, CustomStringConvertible {
    /// One coding key as its string and integer values.
    public struct Key: Equatable, CustomStringConvertible {
        /// The key's `stringValue`.
        public var stringValue: String
        /// The key's `intValue`.
        public var intValue: Int?

        /// `name` or `name#3`.
        public var description: String { intValue.map { "\(stringValue)#\($0)" } ?? stringValue }
    }

    /// `typeMismatch`, `valueNotFound`, `keyNotFound` or `dataCorrupted`.
    public var kind: String
    /// The context's coding path.
    public var codingPath: [Key]
    /// The missing key of `keyNotFound`.
    public var missingKey: Key?
    /// The context's description (not compared).
    public var debugDescription: String
    /// The context's underlying error (not compared).
    public var underlyingError: (any Error)?

    /// Reduces `error`.
    public init(_ error: DecodingError) {
        func keys(_ path: [any CodingKey]) -> [Key] {
            path.map { Key(stringValue: $0.stringValue, intValue: $0.intValue) }
        }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c):
            kind = "typeMismatch"
            context = c
        case .valueNotFound(_, let c):
            kind = "valueNotFound"
            context = c
        case .keyNotFound(let key, let c):
            kind = "keyNotFound"
            missingKey = Key(stringValue: key.stringValue, intValue: key.intValue)
            context = c
        case .dataCorrupted(let c):
            kind = "dataCorrupted"
            context = c
        @unknown default:
            kind = "unknown"
            context = DecodingError.Context(codingPath: [], debugDescription: "\(error)")
        }
        codingPath = keys(context.codingPath)
        debugDescription = context.debugDescription
        underlyingError = context.underlyingError
    }

    /// Compares case, coding path and missing key only.
    public static func == (lhs: DecodingFailure, rhs: DecodingFailure) -> Bool {
        lhs.kind == rhs.kind && lhs.codingPath == rhs.codingPath && lhs.missingKey == rhs.missingKey
    }

    /// `kind at [path] (key k)`.
    public var description: String {
        var text = "\(kind) at \(codingPath)"
        if let missingKey { text += " (key \(missingKey))" }
        return text + ": \(debugDescription)"
    }
}

/// Decodes `data` with both decoders (configured by `configure`) and describes how the
/// outcomes differ; nil when they agree. FastJSONDecoder's errors must also carry a
/// `FastMapError` as their underlying error.
public func decodingDifference<T: Decodable & Equatable>(
    _ type: T.Type, data: Data,
    configure: (FastJSONDecoder, JSONDecoder) -> Void = { _, _ in }
) -> String? {
    let fast = FastJSONDecoder()
    let foundation = JSONDecoder()
    configure(fast, foundation)
    let fastOutcome = DecodingOutcome { try fast.decode(type, from: data) }
    let foundationOutcome = DecodingOutcome { try foundation.decode(type, from: data) }
    if fastOutcome != foundationOutcome {
        return "FastJSONDecoder: \(fastOutcome)\nJSONDecoder:     \(foundationOutcome)"
    }
    if case .failure(let failure) = fastOutcome, !(failure.underlyingError is FastMapError) {
        return "FastJSONDecoder's \(failure.kind) has no FastMapError as underlying error: \(failure)"
    }
    return nil
}

/// Requires that `FastJSONDecoder` and `JSONDecoder` decode `json` as `type` to equal values, or
/// fail with the same `DecodingError` case and coding path.
public func assertSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String,
    configure: (FastJSONDecoder, JSONDecoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertSameDecoding(type, data: Data(json.utf8), configure: configure, sourceLocation: sourceLocation)
}

/// ``assertSameDecoding(_:_:configure:sourceLocation:)`` for raw bytes (other encodings, bad UTF-8).
public func assertSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, data: Data,
    configure: (FastJSONDecoder, JSONDecoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let difference = decodingDifference(type, data: data, configure: configure) {
        let input = String(decoding: data.prefix(200), as: UTF8.self)
        Issue.record("decoders disagree on \(T.self) from \(input)\n\(difference)", sourceLocation: sourceLocation)
    }
}
