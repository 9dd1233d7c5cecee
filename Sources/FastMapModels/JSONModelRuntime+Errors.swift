extension JSONModelRuntime {
    /// The error a generated `init(from:)` throws when decoding `property` failed with `error`.
    ///
    /// The result is a `DecodingError` of the same case and `codingPath` as `error` (a
    /// `dataCorrupted` one for conversion and validation failures), whose `debugDescription` names
    /// the model, the property, its key path with indices, the expected type and the value found,
    /// with a `FastMapError` holding the same facts as `underlyingError` (or the original
    /// error, when a transformer or date coding of yours threw it).
    public static func decodingFailure<Key>(
        _ error: any Error, model: String, property: String, keyPath: String, type: String,
        in container: KeyedDecodingContainer<Key>
    ) -> any Error {
        let propertyPath = container.codingPath + JSONKeyPath.parse(keyPath).map(Self.codingKey)
        var codingPath = propertyPath
        var context: DecodingError.Context?
        var missingKey: (any CodingKey)?
        switch error {
        case DecodingError.typeMismatch(_, let inner), DecodingError.valueNotFound(_, let inner),
            DecodingError.dataCorrupted(let inner):
            context = inner
            codingPath = inner.codingPath
        case DecodingError.keyNotFound(let key, let inner):
            context = inner
            missingKey = key
            codingPath = inner.codingPath + [key]
        default:
            break
        }

        let found = foundValue(error: error, context: context, codingPath: codingPath, container: container)
        let isInside = codingPath.count > propertyPath.count
        let location = JSONKeyPath.rootedDescription(of: JSONModelProbe.components(of: codingPath))
        let head =
            keyPath.isEmpty
            ? "\(model).\(property) (\(type))" : "\(model).\(property) (key path \"\(keyPath)\", \(type))"
        let message: String
        let summary: String
        if isInside, let context, context.underlyingError is FastMapError {
            // An inner model (or FastJSONDecoder) already described the failure with its location.
            message = head + " → " + context.debugDescription
            summary = message
        } else if isInside {
            var detail = context?.debugDescription ?? "\(error)"
            switch error {
            case DecodingError.typeMismatch(let expected, _), DecodingError.valueNotFound(let expected, _):
                detail = "expected \(expected), found \(found.text). " + detail
            default:
                break
            }
            while detail.hasSuffix(".") { detail.removeLast() }
            message = head + " at \(location): " + detail
            summary = message
        } else {
            var core: String
            if let failure = error as? FastMapError {
                core = failure.message
            } else {
                core = "expected \(type), found \(found.text)"
                if let context, !context.debugDescription.isEmpty {
                    core += ". " + context.debugDescription
                } else if context == nil {
                    core += ": \(error)"
                }
            }
            while core.hasSuffix(".") { core.removeLast() }
            message = head + " at \(location): " + core
            summary = head + ": " + core
        }

        let underlying: any Error
        if context == nil, !(error is FastMapError) {
            underlying = error
        } else {
            underlying = FastMapError(
                kind: fastMapKind(of: error), message: summary,
                path: JSONModelProbe.components(of: codingPath), key: missingKey?.stringValue, expectedType: type,
                foundKind: found.kind, foundSnippet: found.snippet)
        }
        // The same case at the inner error's coding path (a missing key's container), or corrupt
        // data at the failure's path for errors that are not `DecodingError`s.
        if let decoding = error as? DecodingError, let inner = decoding.context {
            return CodingErrors.replacingContext(of: decoding, at: inner.codingPath, message, underlying: underlying)
        }
        return CodingErrors.dataCorrupted(at: codingPath, message, underlying: underlying)
    }

    /// The container form above, for a generated `init(document:)`: the same error, read
    /// through a keyed container of the reader's object.
    public static func decodingFailure(
        _ error: any Error, model: String, property: String, keyPath: String, type: String,
        in container: JSONObjectReader
    ) -> any Error {
        decodingFailure(
            error, model: model, property: property, keyPath: keyPath, type: type,
            in: container.container(keyedBy: JSONModelKey.self))
    }

    private static func codingKey(_ component: JSONKeyPath.Component) -> any CodingKey {
        switch component {
        case .key(let key): JSONModelKey(stringValue: key)
        case .index(let index): JSONModelKey(intValue: index)
        }
    }

    private static func fastMapKind(of error: any Error) -> FastMapError.Kind {
        switch error {
        case DecodingError.typeMismatch: .typeMismatch
        case DecodingError.valueNotFound: .valueNotFound
        case DecodingError.keyNotFound: .keyNotFound
        case let failure as FastMapError: failure.kind
        default: .invalidValue
        }
    }

    private static func foundValue<Key>(
        error: any Error, context: DecodingError.Context?, codingPath: [any CodingKey],
        container: KeyedDecodingContainer<Key>
    ) -> JSONModelProbe.Found {
        if case DecodingError.keyNotFound = error {
            // FastJSONDecoder's underlying error keeps the object the key is missing from; that
            // object is not the value the property expected, and the text never quotes it.
            return JSONModelProbe.Found(kind: nil, snippet: nil, text: "no value (the key is missing)")
        }
        if let known = (context?.underlyingError as? FastMapError) ?? (error as? FastMapError),
            let snippet = known.foundSnippet
        {
            let kind = known.foundKind
            return JSONModelProbe.Found(kind: kind, snippet: snippet, text: kind.map { "\($0)" } ?? "a value")
        }
        switch error {
        case DecodingError.valueNotFound:
            return JSONModelProbe.Found(kind: .null, snippet: "null", text: "null")
        default:
            guard let decoder = JSONModelProbe.decoder(at: codingPath, below: container) else {
                return JSONModelProbe.Found(kind: nil, snippet: nil, text: "a value that could not be read again")
            }
            return JSONModelProbe.describe(decoder)
        }
    }
}
