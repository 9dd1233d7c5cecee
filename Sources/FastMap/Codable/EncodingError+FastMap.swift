import Foundation

/// The errors FastJSONEncoder throws: Foundation's `EncodingError` with the coding path and
/// debug description `JSONEncoder` gives, and a ``FastMapError`` as the underlying error (made
/// by ``CodingErrors``).
extension EncodingError {
    /// NaN or an infinity under the `.throw` strategy (`"Unable to encode Double.nan directly
    /// in JSON."`, worded as `JSONEncoder` words it).
    static func fastMapNonConforming<F: BinaryFloatingPoint>(
        _ value: F, codingPath: [any CodingKey]
    ) -> EncodingError {
        let message = "Unable to encode \(F.self).\(value) directly in JSON."
        return fastMapInvalidValue(value, codingPath: codingPath, message: message, kind: .invalidValue)
    }

    /// A top-level value whose `encode(to:)` encoded nothing.
    static func fastMapEncodedNothing<T>(_ value: T) -> EncodingError {
        fastMapInvalidValue(
            value, codingPath: [], message: "Top-level \(T.self) did not encode any values.", kind: .invalidValue)
    }

    /// Containers nested deeper than `JSONEncoder` writes.
    static func fastMapTooDeep(_ value: Any) -> EncodingError {
        let error = FastMapError(
            kind: .depthLimit,
            message: "containers nest deeper than \(EncodingSettings.depthLimit - 1) levels, as JSONEncoder allows")
        return CodingErrors.invalidValue(
            value, at: [], "Unable to encode the given top-level value to JSON.", underlying: error)
    }

    /// A misused container, where `JSONEncoder` stops the process instead.
    static func fastMapMisuse(_ value: Any, codingPath: [any CodingKey], message: String) -> EncodingError {
        fastMapInvalidValue(value, codingPath: codingPath, message: message, kind: .invalidValue)
    }

    static func fastMapInvalidValue(
        _ value: Any, codingPath: [any CodingKey], message: String, kind: FastMapError.Kind
    ) -> EncodingError {
        let underlying = FastMapError(kind: kind, message: message, path: codingPath.map(\.fastMapComponent))
        return CodingErrors.invalidValue(value, at: codingPath, message, underlying: underlying)
    }
}
