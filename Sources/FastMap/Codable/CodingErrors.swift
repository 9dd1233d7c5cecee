@_spi(FastMapCore) import FastMapCore
import Foundation

/// The one place where FastMap makes `DecodingError` and `EncodingError` values: the Codable
/// decoder and encoder, streaming, hand mapping, the `@JSONModel` runtime and Ladybug's
/// `JSONCodable` all come here, so every error FastMap throws is put together the same way.
///
/// Callers say what failed (the case, the coding path, the description and, usually, a
/// ``FastMapError`` as the underlying error); how the context is worded is decided here once.
package enum CodingErrors {
    /// How a decoding error's description is kept.
    package enum Wording: Sendable {
        /// FastMap's: the standard library prints a `DecodingError` as `... Debug description:
        /// <text>. Underlying error: ...`, adding its own period before the underlying error.
        /// Foundation's descriptions end with a period and carry no underlying error; FastMap's
        /// carry a `FastMapError`, so such a description drops its last period and the printed
        /// error reads as Foundation's, plus FastMap's facts.
        case fastMap
        /// The text exactly as given, even with an underlying error (for descriptions code may
        /// compare, as Foundation's own initializer keeps them).
        case verbatim
    }

    // MARK: Decoding

    /// A value of another kind than `type`.
    package static func typeMismatch(
        _ type: Any.Type, at codingPath: [any CodingKey], _ description: String, underlying: (any Error)? = nil,
        wording: Wording = .fastMap
    ) -> DecodingError {
        .typeMismatch(type, context(codingPath, description, underlying, wording))
    }

    /// A null (or an element past the end) where a `type` was required.
    package static func valueNotFound(
        _ type: Any.Type, at codingPath: [any CodingKey], _ description: String, underlying: (any Error)? = nil,
        wording: Wording = .fastMap
    ) -> DecodingError {
        .valueNotFound(type, context(codingPath, description, underlying, wording))
    }

    /// `key` missing from the container at `codingPath`.
    package static func keyNotFound(
        _ key: any CodingKey, at codingPath: [any CodingKey], _ description: String, underlying: (any Error)? = nil,
        wording: Wording = .fastMap
    ) -> DecodingError {
        .keyNotFound(key, context(codingPath, description, underlying, wording))
    }

    /// `@JSONModel(root:)`: the object holding the model has no member `key` (`codingPath` is
    /// that object's); both decoding routes throw this.
    package static func rootStepMissing(_ key: any CodingKey, at codingPath: [any CodingKey]) -> DecodingError {
        keyNotFound(key, at: codingPath, "No value for key \"\(key.stringValue)\" on the way to the model's root.")
    }

    /// `@JSONModel(root:)`: the member `key` on the way to the model is `null`.
    package static func rootStepNull(_ key: any CodingKey, at codingPath: [any CodingKey]) -> DecodingError {
        valueNotFound(
            [String: Any].self, at: codingPath + [key],
            "Found null at \"\(key.stringValue)\" where the model's root object was expected.")
    }

    /// A value that is there but unusable, or input that is not JSON.
    package static func dataCorrupted(
        at codingPath: [any CodingKey], _ description: String, underlying: (any Error)? = nil,
        wording: Wording = .fastMap
    ) -> DecodingError {
        .dataCorrupted(context(codingPath, description, underlying, wording))
    }

    /// Malformed input: Foundation's case and text (at `codingPath`, empty for a whole
    /// document), with the parse error, which says what is wrong and where, as the underlying
    /// error.
    package static func invalidJSON(_ error: FastMapError, at codingPath: [any CodingKey] = []) -> DecodingError {
        dataCorrupted(at: codingPath, "The given data was not valid JSON.", underlying: error)
    }

    /// `error` (a hand-mapping failure located at `codingPath`) as the `DecodingError` case its
    /// kind corresponds to, described in `JSONDecoder`'s words for that case, carrying
    /// `underlying` (the error itself, relocated), which says the rest.
    package static func decodingError(
        _ error: FastMapError, at codingPath: [any CodingKey], underlying: FastMapError
    ) -> DecodingError {
        let expected = error.expectedType ?? "Any"
        switch error.kind {
        case .keyNotFound:
            let key = FastCodingKey(stringValue: error.key ?? error.path.last?.description ?? "")
            return keyNotFound(
                key, at: codingPath, "No value associated with key \(key) (\"\(key.stringValue)\").",
                underlying: underlying)
        case .typeMismatch:
            let found = error.foundKind.map { " but found \($0.foundationDescription) instead" } ?? ""
            return typeMismatch(
                Any.self, at: codingPath, "Expected to decode \(expected)\(found).", underlying: underlying)
        case .valueNotFound:
            return valueNotFound(
                Any.self, at: codingPath, "Cannot get value of type \(expected) -- found null value instead",
                underlying: underlying)
        case .syntax, .numberOutOfRange, .invalidUnicode:
            return invalidJSON(underlying, at: codingPath)
        default:
            return dataCorrupted(
                at: codingPath, "The data couldn't be read because it isn't in the correct format.",
                underlying: underlying)
        }
    }

    /// `error`'s case (its type or key kept) with another context.
    package static func replacingContext(
        of error: DecodingError, at codingPath: [any CodingKey], _ description: String, underlying: (any Error)?,
        wording: Wording = .fastMap
    ) -> DecodingError {
        let context = context(codingPath, description, underlying, wording)
        switch error {
        case .typeMismatch(let type, _): return .typeMismatch(type, context)
        case .valueNotFound(let type, _): return .valueNotFound(type, context)
        case .keyNotFound(let key, _): return .keyNotFound(key, context)
        case .dataCorrupted: return .dataCorrupted(context)
        // No other case exists in this toolchain; a future one is still corrupt data.
        @unknown default: return .dataCorrupted(context)
        }
    }

    private static func context(
        _ codingPath: [any CodingKey], _ description: String, _ underlying: (any Error)?, _ wording: Wording
    ) -> DecodingError.Context {
        var text = description
        if wording == .fastMap, underlying != nil, text.hasSuffix("."), !text.hasSuffix("..") { text.removeLast() }
        return DecodingError.Context(codingPath: codingPath, debugDescription: text, underlyingError: underlying)
    }

    // MARK: Encoding

    /// A value that cannot be encoded. Encoding descriptions are always kept exactly as given:
    /// they are `JSONEncoder`'s own words, which code compares.
    package static func invalidValue(
        _ value: Any, at codingPath: [any CodingKey], _ description: String, underlying: (any Error)? = nil
    ) -> EncodingError {
        .invalidValue(
            value,
            EncodingError.Context(codingPath: codingPath, debugDescription: description, underlyingError: underlying))
    }
}
