@_spi(FastMapCore) import FastMapCore
import Foundation

/// The decoder's failures as `DecodingError`s (made by ``CodingErrors``): the case, coding path
/// and description `JSONDecoder` gives for the same input, and a ``FastMapError`` as the
/// underlying error with what Foundation's text lacks (the full `$` path, the expected type, the
/// kind found) and the found value kept as a property. Neither text quotes the input unless
/// ``FastJSONDecoder/quotesPayloadInErrors`` is set. Coding paths are only put together here,
/// when an error is thrown.
extension JSONTreeDecoder {
    package func typeMismatch(
        _ type: Any.Type, found node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) -> DecodingError {
        let failure = components(path, step)
        let error = failureDetails(.typeMismatch, expected: "\(type)", node: node, at: failure)
        return CodingErrors.typeMismatch(
            type, at: failure.map(\.codingKey),
            "Expected to decode \(type) but found \(json(node).kind.foundationDescription) instead.",
            underlying: error)
    }

    /// A null where a value was required (`message` nil), or an element past the end of an
    /// array (`message` Foundation's text for it, `facts` what the underlying error adds).
    package func valueNotFound(
        _ type: Any.Type, at path: CodingPathReference, _ step: CodingPathComponent?, message: String? = nil,
        facts: String? = nil
    ) -> DecodingError {
        let failure = components(path, step)
        let description = message ?? "Cannot get value of type \(type) -- found null value instead"
        let error = FastMapError(
            kind: .valueNotFound, message: facts ?? "expected \(type), found null",
            path: failure.map(\.keyPathComponent), expectedType: "\(type)", foundKind: message == nil ? .null : nil,
            foundSnippet: message == nil ? "null" : nil, root: root, quotesPayload: options.quotesPayloadInErrors)
        return CodingErrors.valueNotFound(type, at: failure.map(\.codingKey), description, underlying: error)
    }

    package func keyNotFound(_ key: any CodingKey, in object: JSONNode, at path: CodingPathReference) -> DecodingError {
        let container = components(path, nil)
        let value = json(object)
        let error = FastMapError(
            kind: .keyNotFound, message: "the object has no such key",
            path: (container + [.key(key)]).map(\.keyPathComponent), key: key.stringValue,
            foundKind: .object, foundSnippet: value.snippet(), node: value, root: root,
            quotesPayload: options.quotesPayloadInErrors)
        return CodingErrors.keyNotFound(
            key, at: container.map(\.codingKey), "No value associated with key \(key) (\"\(key.stringValue)\").",
            underlying: error)
    }

    /// A container asked of a value that is not one: Foundation reports null as a missing value
    /// and anything else as a type mismatch against `[String: Any]` or `[Any]`.
    package func containerMismatch(
        _ type: Any.Type, node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) -> DecodingError {
        guard node.isNull else { return typeMismatch(type, found: node, at: path, step) }
        let kind = type == [Any].self ? "unkeyed" : "keyed"
        return valueNotFound(
            type, at: path, step, message: "Cannot get \(kind) decoding container -- found null value instead",
            facts: "expected \(type == [Any].self ? "an array" : "an object"), found null")
    }

    /// A number that does not fit the requested type. `JSONDecoder` reports these as invalid
    /// JSON with an empty coding path; the path is in the underlying error.
    package func notRepresentable(
        _ type: Any.Type, node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) -> DecodingError {
        let failure = components(path, step)
        var error = failureDetails(
            .numberOutOfRange, expected: "\(type)", node: node, at: failure,
            message: "the number does not fit in \(type)")
        // A number kept as written (JSON5's `Infinity`, digits beyond Double) as its text.
        if let text = node.keptNumberText { error.foundSnippet = text }
        return CodingErrors.dataCorrupted(at: [], "The given data was not valid JSON.", underlying: error)
    }

    /// A value of the right kind whose content is unusable (a bad date, URL, Base64 text):
    /// `message` is Foundation's text, `expected` what the underlying error says was expected.
    /// `failedAt` is the value's own path when Foundation reports a shorter one.
    package func dataCorrupted(
        _ message: String, expected: String, node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?,
        failedAt: [CodingPathComponent]? = nil
    ) -> DecodingError {
        let reported = components(path, step)
        let error = failureDetails(.invalidValue, expected: expected, node: node, at: failedAt ?? reported)
        return CodingErrors.dataCorrupted(at: reported.map(\.codingKey), message, underlying: error)
    }

    package func indexOutOfBounds(_ index: Int, in array: JSONNode, at path: CodingPathReference) -> DecodingError {
        valueNotFound(
            Any.self, at: path, .index(index),
            message: "Index \(index) is out of bounds (the array has \(array.arrayCount) elements).",
            facts: "the array has \(array.arrayCount) elements")
    }

    package func tooDeep(at path: CodingPathReference) -> DecodingError {
        let failure = components(path, nil)
        let message = "The value nests deeper than the maximum depth of \(maximumDepth)."
        let error = FastMapError(
            kind: .depthLimit, message: "more than \(maximumDepth) levels of nesting",
            path: failure.map(\.keyPathComponent), root: root)
        return CodingErrors.dataCorrupted(at: failure.map(\.codingKey), message, underlying: error)
    }

    /// Gives a `DecodingError` thrown by code outside FastMap (synthesized enum decoding,
    /// `RawRepresentable`, `Dictionary`'s key checks, custom strategies, user `init(from:)`) a
    /// ``FastMapError`` naming the path and the value found there, if it has no underlying error.
    /// `node` sits at `depth` components of the current path; the error's path may go deeper.
    package func enrich(_ error: DecodingError, near node: JSONNode, depth: Int) -> DecodingError {
        guard let (context, kind, expected, missingKey) = error.fastMapParts else { return error }
        guard context.underlyingError == nil else { return error }
        let codingPath = context.codingPath
        var components = path.prefix(min(depth, codingPath.count)).map(\.keyPathComponent)
        var found: JSONNode? = codingPath.count >= depth ? node : nil
        for key in codingPath.dropFirst(components.count) {
            if let array = found, array.isArray, let index = key.intValue {
                components.append(.index(index))
                found = array.element(at: index)
            } else {
                components.append(.key(key.stringValue))
                found = found.flatMap { $0.isObject ? $0.member(matching: key.stringValue) : nil }
            }
        }
        if let missingKey { components.append(.key(missingKey)) }
        let value = found.map(json)
        // The description is the thrower's (it may quote the value, as Foundation's own
        // `RawRepresentable` text does); the underlying error adds only facts.
        let underlying = FastMapError(
            kind: kind, message: FastMapError.facts(kind: kind, expected: expected, found: value?.kind),
            path: components, key: missingKey, expectedType: expected, foundKind: value?.kind,
            foundSnippet: value?.snippet(), node: value, root: root, quotesPayload: options.quotesPayloadInErrors)
        return CodingErrors.replacingContext(
            of: error, at: codingPath, context.debugDescription, underlying: underlying)
    }

    /// The ``FastMapError`` for a value found at `failure`: its kind in the message (and
    /// `message` when given), its snippet and the value itself as properties.
    private func failureDetails(
        _ kind: FastMapError.Kind, expected: String?, node: JSONNode, at failure: [CodingPathComponent],
        message: String? = nil
    ) -> FastMapError {
        let value = json(node)
        return FastMapError(
            kind: kind, message: message ?? FastMapError.facts(kind: kind, expected: expected, found: value.kind),
            path: failure.map(\.keyPathComponent), expectedType: expected, foundKind: value.kind,
            foundSnippet: value.snippet(), node: value, root: root, quotesPayload: options.quotesPayloadInErrors)
    }
}
