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
    /// Equal as JSON numbers read back from text: an integral double and an integer are the
    /// same number when the integer converts to that double. Above 2^53 the shortest text of a
    /// double (`-3.276666666066667e+17` is written `-327666666606666700`) reads back as an
    /// integer that is not the double's exact value, yet names the same double; so do two
    /// integers there that convert to the same double (a real's digits as written, and its
    /// double's shortest text, read as integers).
    public func isEquivalent(to other: AnyValue) -> Bool {
        switch (self, other) {
        case (.int(let a), .int(let b)): return a == b || (a.magnitude > 1 << 53 && Double(a) == Double(b))
        case (.unsigned(let a), .unsigned(let b)): return a == b || (a > 1 << 53 && Double(a) == Double(b))
        case (.int(let a), .unsigned(let b)), (.unsigned(let b), .int(let a)):
            return a >= 0 && (UInt64(a) == b || (b > 1 << 53 && Double(a) == Double(b)))
        case (.double(let a), .double(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.unsigned(let a), .double(let b)), (.double(let b), .unsigned(let a)): return Double(a) == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.isEquivalent(to: $0) } ?? false }
        default: return self == other
        }
    }
}
