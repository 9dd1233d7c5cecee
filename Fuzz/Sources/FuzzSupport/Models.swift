import Foundation

/// Any JSON value, decoded through the `Codable` API the way a model with a dynamic field
/// would (every single-value reading tried in turn).
public indirect enum AnyValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([AnyValue])
    case object([String: AnyValue])

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? container.decode(Int64.self) {
                self = .int(value)
                return
            }
            if let value = try? container.decode(UInt64.self) {
                self = .unsigned(value)
                return
            }
            if let value = try? container.decode(Double.self) {
                self = .double(value)
                return
            }
            if let value = try? container.decode(String.self) {
                self = .string(value)
                return
            }
        }
        if var elements = try? decoder.unkeyedContainer() {
            var array: [AnyValue] = []
            while !elements.isAtEnd { array.append(try elements.decode(AnyValue.self)) }
            self = .array(array)
            return
        }
        self = .object(try decoder.singleValueContainer().decode([String: AnyValue].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A typical API record: optional fields of every scalar type, nesting and collections.
public struct Record: Codable, Equatable, Sendable {
    public var id: Int
    public var name: String?
    public var tags: [String]?
    public var score: Double?
    public var ratio: Float?
    public var active: Bool?
    public var small: Int8?
    public var count: UInt32?
    public var big: UInt64?
    public var amount: Decimal?
    public var created: Date?
    public var payload: Data?
    public var link: URL?
    public var meta: [String: String]?
    public var children: [Record]?
    public var extra: AnyValue?
}

/// A record whose keys are converted from snake case, read with every option that changes
/// how keys and values are matched.
public struct SnakeRecord: Codable, Equatable, Sendable {
    public var userId: Int?
    public var displayName: String?
    public var createdAt: Date?
    public var nestedItems: [SnakeRecord]?
}

extension AnyValue {
    /// Equal as JSON numbers read back from text: two numbers are the same when they convert to
    /// the same double. Above 2^53 the shortest text of a double (`-3.276666666066667e+17` is
    /// written `-327666666606666700`) reads back as an integer that is not the double's exact
    /// value, yet names the same double. A real's digits as written, read as an integer, drop
    /// the fraction (`-92233720184273879.4` as -92233720184273879, as `JSONDecoder` reads it),
    /// and its double's text reads as the integer the double rounds the real to: the two name
    /// the same double or, when the fraction carried the real past a midpoint, neighbouring ones
    /// (`-10000000000000001.4`: the integer -10000000000000001 lies halfway between two doubles
    /// and rounds to the even one, -1e16, the real to -1.0000000000000002e16). So an integer
    /// past 2^53 equals a number whose double is its own or next to it. Below 2^53 every
    /// integer is its own double, so this is plain equality there.
    public func isEquivalent(to other: AnyValue) -> Bool {
        if let a = asDouble, let b = other.asDouble {
            return a == b || (isIntegerPast53Bits || other.isIntegerPast53Bits) && (a.nextUp == b || a.nextDown == b)
        }
        switch (self, other) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.isEquivalent(to: $0) } ?? false }
        default: return self == other
        }
    }

    /// Whether this is an integer no double holds exactly in general (magnitude 2^53 or more).
    private var isIntegerPast53Bits: Bool {
        switch self {
        case .int(let value): value.magnitude >= 1 << 53
        case .unsigned(let value): value >= 1 << 53
        default: false
        }
    }

    /// A number's value as a double; nil for every other kind.
    private var asDouble: Double? {
        switch self {
        case .int(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
