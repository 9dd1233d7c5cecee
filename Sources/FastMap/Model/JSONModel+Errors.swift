extension JSONModelRuntime {
    /// The error a generated `init(from:)` throws when decoding `property` failed with `error`.
    ///
    /// The result is a `DecodingError` of the same case and `codingPath` as `error` (a
    /// `dataCorrupted` one for conversion and validation failures), whose `debugDescription` names
    /// the model, the property, its key path with indices, the expected type and the value found,
    /// with a ``FastMapError`` holding the same facts as `underlyingError` (or the original
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
        var message = "\(model).\(property) (key path \"\(keyPath)\", \(type))"
        if isInside {
            message += " at \(location): " + (context?.debugDescription ?? "\(error)")
        } else {
            switch error {
            case let failure as FastMapError where failure.kind == .invalidValue && failure.expectedType == nil:
                message += " at \(location): \(failure.message)"
            case let failure as FastMapError:
                message += " at \(location): \(failure.message)"
            default:
                message += " at \(location): expected \(type), found \(found.text)"
                if let context, !context.debugDescription.isEmpty { message += ". " + context.debugDescription }
            }
        }

        let underlying: any Error
        if context == nil, !(error is FastMapError) {
            underlying = error
        } else {
            underlying = FastMapError(
                kind: fastMapKind(of: error), message: message,
                path: JSONModelProbe.components(of: codingPath), key: missingKey?.stringValue, expectedType: type,
                foundKind: found.kind, foundSnippet: found.snippet)
        }
        switch error {
        case DecodingError.typeMismatch(let expected, let inner):
            return DecodingError.typeMismatch(
                expected, .init(codingPath: inner.codingPath, debugDescription: message, underlyingError: underlying))
        case DecodingError.valueNotFound(let expected, let inner):
            return DecodingError.valueNotFound(
                expected, .init(codingPath: inner.codingPath, debugDescription: message, underlyingError: underlying))
        case DecodingError.keyNotFound(let key, let inner):
            return DecodingError.keyNotFound(
                key, .init(codingPath: inner.codingPath, debugDescription: message, underlyingError: underlying))
        default:
            return DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: message, underlyingError: underlying))
        }
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
        if let known = (context?.underlyingError as? FastMapError) ?? (error as? FastMapError),
            let snippet = known.foundSnippet
        {
            let kind = known.foundKind
            return JSONModelProbe.Found(kind: kind, snippet: snippet, text: kind.map { "\($0) \(snippet)" } ?? snippet)
        }
        switch error {
        case DecodingError.keyNotFound:
            return JSONModelProbe.Found(kind: nil, snippet: nil, text: "no value (the key is missing)")
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
