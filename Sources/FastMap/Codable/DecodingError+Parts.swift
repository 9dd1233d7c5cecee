/// A `DecodingError` taken apart the way FastMap describes it, for the places that turn
/// Foundation-style errors into ``FastMapError`` facts (enriching errors thrown by code outside
/// FastMap, the hand-mapping API's error conversion) or rewrite their context through
/// ``CodingErrors/replacingContext(of:at:_:underlying:wording:)`` (streaming, the front ends).
extension DecodingError {
    /// The error's context; nil for a case this toolchain does not know.
    package var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context
        @unknown default:
            nil
        }
    }

    /// The context, FastMap's kind for the case, the expected type and the missing key; `nil` for a
    /// case this toolchain does not know.
    package var fastMapParts: (context: Context, kind: FastMapError.Kind, expected: String?, missingKey: String?)? {
        switch self {
        case .typeMismatch(let type, let context): (context, .typeMismatch, "\(type)", nil)
        case .valueNotFound(let type, let context): (context, .valueNotFound, "\(type)", nil)
        case .keyNotFound(let key, let context): (context, .keyNotFound, nil, key.stringValue)
        case .dataCorrupted(let context): (context, .invalidValue, nil, nil)
        @unknown default: nil
        }
    }
}

extension DecodingError {
    /// Where the error happened in `$` form (`$.data[3].score`): the coding path, then the
    /// missing key of a `keyNotFound`. The texts FastMap writes around a `DecodingError`
    /// (a streamed element's or a request body's) name the place this one way.
    package var rootedPath: String {
        var components = context?.codingPath.map(\.fastMapComponent) ?? []
        if case .keyNotFound(let key, _) = self { components.append(key.fastMapComponent) }
        return JSONKeyPath.rootedDescription(of: components)
    }
}
