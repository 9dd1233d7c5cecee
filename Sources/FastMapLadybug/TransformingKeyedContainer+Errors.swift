import Foundation

/// Errors of `JSONCodable` models: `DecodingError`s whose coding path names the properties
/// (as Ladybug's, which came from `JSONDecoder`), whose description names the property and
/// model, and whose underlying ``FastMapError`` has the real JSON path, indices included
/// (`$.flights[3].air_marshal.name`), with what was found there.
extension TransformingKeyedContainer {
    /// Runs `body`, which decodes property `key` from the value at `source` (nil: the property's
    /// own key), and rewrites the error it throws: the property's step of the JSON path becomes
    /// `source`, and the innermost model property is named in the message.
    @inline(__always)
    func annotating<Result>(_ key: Key, source: [JSONKeyPath.Component]?, _ body: () throws -> Result) throws
        -> Result
    {
        do {
            return try body()
        } catch let error as DecodingError {
            throw annotate(error, key, source: source)
        }
    }

    private static var marker: String { "property `" }

    func annotate(_ error: DecodingError, _ key: Key, source: [JSONKeyPath.Component]?) -> DecodingError {
        guard let context = error.context, var failure = context.underlyingError as? FastMapError else { return error }
        if let source {
            let index = decoder.components(path, nil).count
            if failure.path.count > index, failure.path[index] == .key(key.stringValue) {
                failure.path.replaceSubrange(index...index, with: source)
            }
        }
        var description = context.debugDescription
        if !failure.message.hasPrefix(Self.marker) {
            failure.message = "\(subject(key)): \(failure.message)"
            description = "Property `\(key.stringValue)` of \(plan.modelName): \(description)"
        }
        return CodingErrors.replacingContext(of: error, at: context.codingPath, description, underlying: failure)
    }

    private func subject(_ key: Key) -> String {
        "\(Self.marker)\(key.stringValue)` of \(plan.modelName)"
    }

    private var containerComponents: [JSONKeyPath.Component] {
        decoder.components(path, nil).map(\.keyPathComponent)
    }

    /// A property without a value anywhere its transformer looks.
    func missingValue(_ rule: PropertyRule, _ key: Key) -> DecodingError {
        let places = rule.lookedAt(propertyKey: key.stringValue)
        let list = places.map { "\"\(JSONKeyPath(components: $0))\"" }.joined(separator: " or ")
        let message = "\(subject(key)): no value at \(list)"
        let object = decoder.json(self.object)
        let failure = FastMapError(
            kind: .keyNotFound, message: message, path: containerComponents + (places.first ?? []),
            key: key.stringValue, foundKind: .object, foundSnippet: object.snippet(), node: object,
            root: decoder.root)
        return CodingErrors.keyNotFound(
            key, at: decoder.codingPath(path),
            "Property `\(key.stringValue)` of \(plan.modelName): no value at \(list).",
            underlying: failure)
    }

    /// A value a date transformer could not read.
    func badDate(_ coding: DateCoding, _ value: JSON, source: [JSONKeyPath.Component]?, _ key: Key) -> DecodingError {
        // The kind only: error texts carry no payload (the value is kept in the error).
        let found = "\(value.kind)"
        let message = "\(subject(key)): expected \(coding.expectation), found \(found)"
        let failure = FastMapError(
            kind: .invalidValue, message: message, path: containerComponents + (source ?? [.key(key.stringValue)]),
            expectedType: "Date", foundKind: value.kind, foundSnippet: value.snippet(), node: value,
            root: source == nil ? nil : decoder.root)
        return CodingErrors.dataCorrupted(
            at: decoder.codingPath(path, .key(key)),
            "Property `\(key.stringValue)` of \(plan.modelName): expected \(coding.expectation), found \(found).",
            underlying: failure)
    }

    /// A `Default` whose value has no JSON form.
    func invalidDefault(_ message: String, _ key: Key) -> DecodingError {
        let failure = FastMapError(
            kind: .invalidValue, message: "\(subject(key)): \(message)",
            path: containerComponents + [.key(key.stringValue)], root: decoder.root)
        return CodingErrors.dataCorrupted(
            at: decoder.codingPath(path, .key(key)), "Property `\(key.stringValue)` of \(plan.modelName): \(message).",
            underlying: failure)
    }

    /// A `Map` result that is not the property's type and cannot be converted to it.
    func mappedMismatch(_ value: Any, expected: Any.Type, _ key: Key) -> DecodingError {
        let message = "the Map transformer gave a \(type(of: value)), which cannot be decoded as \(expected)"
        let failure = FastMapError(
            kind: .typeMismatch, message: "\(subject(key)): \(message)",
            path: containerComponents + [.key(key.stringValue)], expectedType: "\(expected)", root: decoder.root)
        return CodingErrors.typeMismatch(
            expected, at: decoder.codingPath(path, .key(key)),
            "Property `\(key.stringValue)` of \(plan.modelName): \(message).", underlying: failure)
    }
}
