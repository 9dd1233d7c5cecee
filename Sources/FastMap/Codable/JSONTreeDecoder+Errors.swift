@_spi(FastMapCore) import FastMapCore
import Foundation

/// The decoder's failures as `DecodingError`s (made by ``CodingErrors``): the case and coding
/// path `JSONDecoder` reports for the same input, a description naming the expected type and
/// what was found, and a ``FastMapError`` (full path, expected type, found kind and snippet) as
/// the underlying error. Coding paths are only put together here, when an error is thrown.
extension JSONTreeDecoder {
    package func typeMismatch(
        _ type: Any.Type, found node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) -> DecodingError {
        let failure = components(path, step)
        let details = failureDetails(.typeMismatch, expected: "\(type)", node: node, at: failure)
        return CodingErrors.typeMismatch(
            type, at: failure.map(\.codingKey), "Expected to decode \(type) but found \(details.found) instead.",
            underlying: details.error)
    }

    /// A null where a value was required (`message` nil), or a read past the end of an array.
    package func valueNotFound(
        _ type: Any.Type, at path: CodingPathReference, _ step: CodingPathComponent?, message: String? = nil
    ) -> DecodingError {
        let failure = components(path, step)
        let description = message ?? "Expected to decode \(type) but found null instead."
        let error = FastMapError(
            kind: .valueNotFound, message: description, path: failure.map(\.keyPathComponent),
            expectedType: "\(type)", foundKind: message == nil ? .null : nil,
            foundSnippet: message == nil ? "null" : nil, root: root)
        return CodingErrors.valueNotFound(type, at: failure.map(\.codingKey), description, underlying: error)
    }

    package func keyNotFound(_ key: any CodingKey, in object: JSONNode, at path: CodingPathReference) -> DecodingError {
        let container = components(path, nil)
        let snippet = json(object).snippet()
        let description = "No value associated with key \"\(key.stringValue)\" in object \(snippet)."
        let error = FastMapError(
            kind: .keyNotFound, message: description,
            path: (container + [.key(key)]).map(\.keyPathComponent), key: key.stringValue,
            foundKind: .object, foundSnippet: snippet, node: json(object), root: root)
        return CodingErrors.keyNotFound(key, at: container.map(\.codingKey), description, underlying: error)
    }

    /// A container asked of a value that is not one: Foundation reports null as a missing value
    /// and anything else as a type mismatch against `[String: Any]` or `[Any]`.
    package func containerMismatch(
        _ type: Any.Type, node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) -> DecodingError {
        guard node.isNull else { return typeMismatch(type, found: node, at: path, step) }
        let kind = type == [Any].self ? "unkeyed" : "keyed"
        return valueNotFound(
            type, at: path, step, message: "Cannot get \(kind) decoding container -- found null value instead.")
    }

    /// A number that does not fit the requested type. `JSONDecoder` reports these as corrupt data
    /// with an empty coding path; the path is in the description and the underlying error.
    package func notRepresentable(
        _ type: Any.Type, node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) -> DecodingError {
        let failure = components(path, step)
        let text =
            node.isString
            ? node.stringValue : node.keptNumberText ?? json(node).snippet()
        let location = JSONKeyPath.rootedDescription(of: failure.map(\.keyPathComponent))
        let message = "Number \(text) at \(location) is not representable as \(type)."
        let details = failureDetails(.numberOutOfRange, expected: "\(type)", node: node, at: failure, message: message)
        return CodingErrors.dataCorrupted(at: [], message, underlying: details.error)
    }

    /// A value of the right kind whose content is unusable (a bad date, URL, Base64 text).
    /// `failedAt` is the value's own path when Foundation reports a shorter one.
    package func dataCorrupted(
        _ message: String, node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?,
        failedAt: [CodingPathComponent]? = nil
    ) -> DecodingError {
        let reported = components(path, step)
        let details = failureDetails(
            .invalidValue, expected: nil, node: node, at: failedAt ?? reported,
            message: "\(message) Found \(json(node).snippet()).")
        return CodingErrors.dataCorrupted(
            at: reported.map(\.codingKey), details.error.message, underlying: details.error)
    }

    package func indexOutOfBounds(_ index: Int, in array: JSONNode, at path: CodingPathReference) -> DecodingError {
        valueNotFound(
            Any.self, at: path, .index(index),
            message: "Index \(index) is out of bounds (the array has \(array.arrayCount) elements).")
    }

    package func tooDeep(at path: CodingPathReference) -> DecodingError {
        let failure = components(path, nil)
        let message = "The value nests deeper than the maximum depth of \(maximumDepth)."
        let error = FastMapError(
            kind: .depthLimit, message: message, path: failure.map(\.keyPathComponent), root: root)
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
                found = found.flatMap { $0.isObject ? $0.member(key.stringValue) : nil }
            }
        }
        if let missingKey { components.append(.key(missingKey)) }
        let value = found.map(json)
        let underlying = FastMapError(
            kind: kind, message: context.debugDescription, path: components, key: missingKey,
            expectedType: expected, foundKind: value?.kind, foundSnippet: value?.snippet(), node: value, root: root)
        return CodingErrors.replacingContext(
            of: error, at: codingPath, context.debugDescription, underlying: underlying)
    }

    /// The found kind with a snippet (`string "abc"`) and the matching ``FastMapError``.
    private func failureDetails(
        _ kind: FastMapError.Kind, expected: String?, node: JSONNode, at failure: [CodingPathComponent],
        message: String? = nil
    ) -> (found: String, error: FastMapError) {
        let value = json(node)
        let snippet = value.snippet()
        let found = "\(value.kind) \(snippet)"
        let error = FastMapError(
            kind: kind, message: message ?? "expected \(expected ?? "a value"), found \(found)",
            path: failure.map(\.keyPathComponent), expectedType: expected, foundKind: value.kind,
            foundSnippet: snippet, node: value, root: root)
        return (found, error)
    }
}
