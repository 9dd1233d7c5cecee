import Foundation

/// A default value as JSON. `JSONSerialization`-shaped values are converted when the transformer
/// is made; other `Encodable` values when first needed, since encoding a model reads its
/// transformers, which may be the very ones being made.
enum DefaultValue: Sendable {
    case json(JSON)
    case encodable(EncodedDefault)
    /// The value has no JSON form; decoding a property that needs it throws this message.
    case invalid(String)

    init(_ value: Any) {
        if let json = try? JSON(foundationObject: value) {
            self = .json(json)
        } else if let encodable = value as? any Encodable {
            self = .encodable(EncodedDefault(encodable))
        } else {
            self = .invalid("the default value of type \(type(of: value)) has no JSON form")
        }
    }

    /// The value as JSON, or the message saying why it has none.
    var resolved: Result<JSON, DefaultValueError> {
        switch self {
        case .json(let json): .success(json)
        case .encodable(let encoded): encoded.json
        case .invalid(let message): .failure(DefaultValueError(message: message))
        }
    }

    var foundationObject: Any? {
        try? resolved.get().foundationObject
    }
}
