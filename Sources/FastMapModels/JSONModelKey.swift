/// A coding key for any string or array index, used where keys are not known ahead: nested
/// paths, dictionary members of `@Lossy` collections, and error coding paths.
public struct JSONModelKey: CodingKey, Hashable, Sendable {
    /// The key, or the index as text.
    public let stringValue: String
    /// The array index, for index steps.
    public let intValue: Int?

    /// A key for an object member.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// A key for an array element, as Foundation's coders write indices (`Index 3`).
    public init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// One step of a nested `@Key` path in generated code: a member of an object (by coding key) or an
/// element of an array (by index).
public enum JSONModelPathStep<Key: CodingKey> {
    /// An object member.
    case key(Key)
    /// An array element.
    case index(Int)

    /// The step as a coding key, for error coding paths.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): JSONModelKey(intValue: index)
        }
    }
}

/// Reads an element of any kind and ignores it, to step over array elements.
struct JSONModelSkip: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension JSONModelPathStep: Sendable where Key: Sendable {}
