import Foundation

/// The errors FastJSONEncoder throws: Foundation's `EncodingError` with the coding path and
/// debug description `JSONEncoder` gives, and a ``FastMapError`` as the underlying error.
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
        return .invalidValue(
            value,
            Context(
                codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON.",
                underlyingError: error))
    }

    /// A misused container, where `JSONEncoder` stops the process instead.
    static func fastMapMisuse(_ value: Any, codingPath: [any CodingKey], message: String) -> EncodingError {
        fastMapInvalidValue(value, codingPath: codingPath, message: message, kind: .invalidValue)
    }

    static func fastMapInvalidValue(
        _ value: Any, codingPath: [any CodingKey], message: String, kind: FastMapError.Kind
    ) -> EncodingError {
        let underlying = FastMapError(kind: kind, message: message, path: codingPath.map(\.fastMapComponent))
        return .invalidValue(
            value, Context(reportingAt: codingPath, debugDescription: message, underlyingError: underlying))
    }
}

extension CodingKey {
    /// The key as a ``JSONKeyPath`` component: array positions as indices, the rest by name.
    var fastMapComponent: JSONKeyPath.Component {
        if let index = intValue, stringValue == "Index \(index)" { return .index(index) }
        return .key(stringValue)
    }
}

/// The coding keys FastJSONEncoder adds to coding paths for positions without a key of the
/// caller's own: array positions (`Index 3`), `super`, and members of string-keyed
/// dictionaries written under a key strategy. They read like `JSONEncoder`'s.
struct EncodingPathKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    /// The key of the `index`-th element of an unkeyed container.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    static let superKey = EncodingPathKey(stringValue: "super")
}

/// One step of a coding path as the streaming encoder stores it: keys stay as the caller gave
/// them (no copy into an array until a path is needed), indices as plain integers.
enum EncodingPathComponent {
    case none
    case key(any CodingKey)
    case index(Int)
    case name(String)

    var codingKey: (any CodingKey)? {
        switch self {
        case .none: return nil
        case .key(let key): return key
        case .index(let index): return EncodingPathKey(index: index)
        case .name(let name): return EncodingPathKey(stringValue: name)
        }
    }
}
