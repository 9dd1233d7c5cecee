import SwiftDiagnostics
import SwiftSyntax

/// How a property's JSON value becomes its Swift value.
enum ValueReading {
    /// Plain `Decodable`.
    case plain
    /// `@DateFormat` with a text or number format (the expression names a `JSONDateFormat`).
    case date(format: String, numeric: Bool)
    /// `@DateFormat(.custom(Coding.self))`.
    case customDate(coding: String)
    /// `@Transform(Transformer.self)`.
    case transform(transformer: String)
}

/// One stored property of a `@JSONModel` type, with its annotations read.
struct ModelProperty {
    var name: String
    var shape: TypeShape
    var path: [PathStep]
    var defaultValue: String?
    var defaultOnInvalid = false
    var lossless = false
    var lossy = false
    var reading = ValueReading.plain
    var modifiers: [String] = []
    var validations: [String] = []
    var encodeNil = false
    /// False for a `let` with an initial value (it cannot be assigned in `init(from:)`) and for
    /// `@Ignore(.decoding)`.
    var decodes = true
    /// False for `@Ignore(.encoding)`.
    var encodes = true
    /// `@Key` given: the naming rule of `@JSONModel(keys:)` does not apply.
    var hasExplicitKey = false
    /// `@DecodeAlias` keys, tried in order when `path`'s single key is missing.
    var aliases: [String] = []
    /// `@EncodeKey`: the path written when encoding, when it differs from `path`.
    var encodePath: [PathStep]?
    /// `@Flatten`: the nested model shares the enclosing object; `path` is unused.
    var flatten = false
    /// `@JSONString`: the JSON value is a string holding the value's JSON text.
    var jsonString = false

    /// The path encoding writes.
    var writtenPath: [PathStep] { encodePath ?? path }

    /// The key path the error messages show; empty for a flattened property, which has none.
    var errorKeyPath: String { flatten ? "" : keyPathText }

    var keyPathText: String { KeyPathSpelling.describe(path) }

    /// The type as the error messages show it.
    var typeDescription: String {
        var text = shape.type.trimmedDescription
        switch reading {
        case .plain: break
        case .date(let format, _): text += " (." + format.dropFirst("JSONDateFormat.".count) + ")"
        case .customDate(let coding): text += " (\(coding))"
        case .transform(let transformer): text += " (via \(transformer))"
        }
        if lossless { text += " (lossless)" }
        if lossy { text += " (lossy)" }
        if jsonString { text += " (JSON in a string)" }
        return text
    }
}

/// The annotations `@JSONModel` reads.
enum Annotation: String, CaseIterable {
    case key = "Key"
    case `default` = "Default"
    case lossless = "Lossless"
    case lossy = "Lossy"
    case dateFormat = "DateFormat"
    case modify = "Modify"
    case validate = "Validate"
    case encodeNil = "EncodeNil"
    case transform = "Transform"
    case ignore = "Ignore"
    case decodeAlias = "DecodeAlias"
    case encodeKey = "EncodeKey"
    case flatten = "Flatten"
    case jsonString = "JSONString"

    /// May appear more than once on one property.
    var repeats: Bool { self == .modify || self == .validate }

    init?(_ attribute: AttributeSyntax) {
        let name = attribute.attributeName.trimmedDescription
        let simple = name.hasPrefix("FastMap.") ? String(name.dropFirst("FastMap.".count)) : name
        self.init(rawValue: simple)
    }
}

extension AttributeSyntax {
    var argumentList: LabeledExprListSyntax {
        if case .argumentList(let list) = arguments { return list }
        return []
    }
}

extension AttributeListSyntax {
    var annotations: [(Annotation, AttributeSyntax)] {
        compactMap { element in
            guard case .attribute(let attribute) = element, let annotation = Annotation(attribute) else { return nil }
            return (annotation, attribute)
        }
    }
}
