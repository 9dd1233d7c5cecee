/// How the hand-mapping API reports failures.
///
/// Every error it throws is a ``FastMapError`` whose ``FastMapError/path`` leads from
/// ``FastMapError/root`` (the value the mapping call started from: the whole document when
/// you map a parsed document) to the failing value, with array indices. Errors that cross a
/// ``JSONMappable`` model, or come out of ``FastJSONDecoder``, get the steps above them
/// prepended on the way out, so the path of an error deep inside nested models still starts
/// at the document's root.
extension FastMapError {
    /// This error seen from `root`, where the value it was relative to sits at `prefix`.
    func relocated<Prefix: Collection<JSONKeyPath.Component>>(under prefix: Prefix, root: JSON?) -> FastMapError {
        var copy = self
        if !prefix.isEmpty { copy.path = Array(prefix) + path }
        if let root { copy.root = root }
        return copy
    }

    /// The error to throw for `error`, raised while decoding the value at `prefix` (relative to
    /// `root`) with FastJSONDecoder: a `DecodingError`'s underlying ``FastMapError`` (or one made
    /// from its context) relocated under `prefix`; any other error unchanged, since it is the
    /// caller's own.
    static func mapping<Prefix: Collection<JSONKeyPath.Component>>(
        _ error: any Error, decodingAt prefix: Prefix, root: JSON
    ) -> any Error {
        switch error {
        case let error as FastMapError:
            return error.relocated(under: prefix, root: root)
        case let error as DecodingError:
            return FastMapError(error).relocated(under: prefix, root: root)
        default:
            return error
        }
    }

    /// The ``FastMapError`` a `DecodingError` carries, or one built from its context (for
    /// errors that did not come from FastJSONDecoder).
    init(_ error: DecodingError) {
        guard let (context, kind, expected, missingKey) = error.fastMapParts else {
            self.init(kind: .invalidValue, message: "\(error)")
            return
        }
        if let underlying = context.underlyingError as? FastMapError {
            self = underlying
            return
        }
        var path = context.codingPath.map(JSONKeyPath.Component.init(codingKey:))
        if let missingKey { path.append(.key(missingKey)) }
        self.init(
            kind: kind, message: context.debugDescription, path: path, key: missingKey, expectedType: expected)
    }

    /// This error as the `DecodingError` a `Codable` caller expects, for a failure inside a
    /// hand-mapped model decoded at `codingPath` (relative to `root`, when known). The error
    /// itself, its path now starting with `codingPath`, is the underlying error, so FastMap's
    /// mapping API gets it back intact.
    func decodingError(at codingPath: [any CodingKey], root: JSON?) -> DecodingError {
        let located = relocated(under: codingPath.map(JSONKeyPath.Component.init(codingKey:)), root: root)
        var keys = codingPath
        let own = kind == .keyNotFound ? path.dropLast() : path[...]
        keys += own.map(\.codingKey)
        return CodingErrors.decodingError(self, at: keys, underlying: located)
    }
}
