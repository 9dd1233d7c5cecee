import Foundation

/// The shape of a randomly generated model: what ``SchemaDecoded`` reads at each place.
public indirect enum RandomSchema: Sendable, Hashable {
    /// A leaf read with the concrete `decode(_:)` overload for its type.
    case scalar(ScalarKind)
    /// A value that may be missing or null.
    case optional(RandomSchema)
    /// `[T]`.
    case array(RandomSchema)
    /// `[String: T]`.
    case dictionary(RandomSchema)
    /// A struct with these properties, in declaration order.
    case object([Field])

    /// One property of an object.
    public struct Field: Sendable, Hashable {
        /// The property's name (its coding key).
        public var key: String
        /// Its type.
        public var schema: RandomSchema
    }

    /// The leaf types.
    public enum ScalarKind: String, Sendable, Hashable, CaseIterable {
        case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
        case double, float, string, bool, date, data, url, decimal
    }

    /// The schema of the value at `path` below this one.
    func at(_ path: ArraySlice<any CodingKey>) -> RandomSchema? {
        guard let first = path.first else { return self }
        switch self {
        case .optional(let wrapped): return wrapped.at(path)
        case .array(let element), .dictionary(let element): return element.at(path.dropFirst())
        case .object(let fields):
            return fields.first { $0.key == first.stringValue }?.schema.at(path.dropFirst())
        case .scalar: return nil
        }
    }
}
