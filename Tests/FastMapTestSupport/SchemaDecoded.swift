import Foundation

/// A model whose shape comes from a ``RandomSchema`` in `userInfo`: it decodes like a
/// synthesized `Codable` struct would (keyed containers with the concrete `decode` and
/// `decodeIfPresent` overloads, unkeyed containers for arrays, `[String: T]` for dictionaries).
public struct SchemaDecoded: Decodable, Equatable {
    /// The decoded value.
    public var value: RandomValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes according to the schema found at `decoder.codingPath`.
    public init(from decoder: any Decoder) throws {
        guard let box = decoder.userInfo[randomSchemaKey] as? RandomSchemaBox,
            let schema = box.schema.at(decoder.codingPath[...])
        else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no schema here"))
        }
        value = try Self.decode(schema, from: decoder)
    }

    private static func decode(_ schema: RandomSchema, from decoder: any Decoder) throws -> RandomValue {
        switch schema {
        case .scalar(let kind):
            let container = try decoder.singleValueContainer()
            return try scalar(kind) { try container.decode($0) }
        case .optional(let wrapped):
            if try decoder.singleValueContainer().decodeNil() { return .null }
            return try decode(wrapped, from: decoder)
        case .array(let element):
            var container = try decoder.unkeyedContainer()
            var values: [RandomValue] = []
            while !container.isAtEnd {
                if case .scalar(let kind) = element {
                    values.append(try scalar(kind) { try container.decode($0) })
                } else {
                    values.append(try container.decode(SchemaDecoded.self).value)
                }
            }
            return .array(values)
        case .dictionary:
            return .object(try decoder.singleValueContainer().decode([String: SchemaDecoded].self).mapValues(\.value))
        case .object(let fields):
            let container = try decoder.container(keyedBy: Key.self)
            var members: [String: RandomValue] = [:]
            for field in fields {
                let key = Key(stringValue: field.key)
                switch field.schema {
                case .scalar(let kind):
                    members[field.key] = try keyed(kind, container, key)
                case .optional(.scalar(let kind)):
                    members[field.key] = try keyedIfPresent(kind, container, key) ?? .null
                case .optional:
                    members[field.key] = try container.decodeIfPresent(SchemaDecoded.self, forKey: key)?.value ?? .null
                default:
                    members[field.key] = try container.decode(SchemaDecoded.self, forKey: key).value
                }
            }
            return .object(members)
        }
    }

    /// A leaf through a generic read (`decode<T>`), as unkeyed and single value containers see it.
    private static func scalar(
        _ kind: RandomSchema.ScalarKind, _ read: (any Decodable.Type) throws -> any Decodable
    ) throws -> RandomValue {
        func typed<T: Decodable>(_ type: T.Type) throws -> T { try read(type) as! T }
        switch kind {
        case .int: return .int(Int64(try typed(Int.self)))
        case .int8: return .int(Int64(try typed(Int8.self)))
        case .int16: return .int(Int64(try typed(Int16.self)))
        case .int32: return .int(Int64(try typed(Int32.self)))
        case .int64: return .int(try typed(Int64.self))
        case .uint: return .uint(UInt64(try typed(UInt.self)))
        case .uint8: return .uint(UInt64(try typed(UInt8.self)))
        case .uint16: return .uint(UInt64(try typed(UInt16.self)))
        case .uint32: return .uint(UInt64(try typed(UInt32.self)))
        case .uint64: return .uint(try typed(UInt64.self))
        case .double: return .double(try typed(Double.self))
        case .float: return .float(try typed(Float.self))
        case .string: return .string(try typed(String.self))
        case .bool: return .bool(try typed(Bool.self))
        case .date: return .date(try typed(Date.self))
        case .data: return .data(try typed(Data.self))
        case .url: return .url(try typed(URL.self))
        case .decimal: return .decimal(try typed(Decimal.self))
        }
    }

    private static func keyed(
        _ kind: RandomSchema.ScalarKind, _ c: KeyedDecodingContainer<Key>, _ k: Key
    ) throws -> RandomValue {
        switch kind {
        case .int: return .int(Int64(try c.decode(Int.self, forKey: k)))
        case .int8: return .int(Int64(try c.decode(Int8.self, forKey: k)))
        case .int16: return .int(Int64(try c.decode(Int16.self, forKey: k)))
        case .int32: return .int(Int64(try c.decode(Int32.self, forKey: k)))
        case .int64: return .int(try c.decode(Int64.self, forKey: k))
        case .uint: return .uint(UInt64(try c.decode(UInt.self, forKey: k)))
        case .uint8: return .uint(UInt64(try c.decode(UInt8.self, forKey: k)))
        case .uint16: return .uint(UInt64(try c.decode(UInt16.self, forKey: k)))
        case .uint32: return .uint(UInt64(try c.decode(UInt32.self, forKey: k)))
        case .uint64: return .uint(try c.decode(UInt64.self, forKey: k))
        case .double: return .double(try c.decode(Double.self, forKey: k))
        case .float: return .float(try c.decode(Float.self, forKey: k))
        case .string: return .string(try c.decode(String.self, forKey: k))
        case .bool: return .bool(try c.decode(Bool.self, forKey: k))
        case .date: return .date(try c.decode(Date.self, forKey: k))
        case .data: return .data(try c.decode(Data.self, forKey: k))
        case .url: return .url(try c.decode(URL.self, forKey: k))
        case .decimal: return .decimal(try c.decode(Decimal.self, forKey: k))
        }
    }

    private static func keyedIfPresent(
        _ kind: RandomSchema.ScalarKind, _ c: KeyedDecodingContainer<Key>, _ k: Key
    ) throws -> RandomValue? {
        switch kind {
        case .int: return try c.decodeIfPresent(Int.self, forKey: k).map { .int(Int64($0)) }
        case .int8: return try c.decodeIfPresent(Int8.self, forKey: k).map { .int(Int64($0)) }
        case .int16: return try c.decodeIfPresent(Int16.self, forKey: k).map { .int(Int64($0)) }
        case .int32: return try c.decodeIfPresent(Int32.self, forKey: k).map { .int(Int64($0)) }
        case .int64: return try c.decodeIfPresent(Int64.self, forKey: k).map { .int($0) }
        case .uint: return try c.decodeIfPresent(UInt.self, forKey: k).map { .uint(UInt64($0)) }
        case .uint8: return try c.decodeIfPresent(UInt8.self, forKey: k).map { .uint(UInt64($0)) }
        case .uint16: return try c.decodeIfPresent(UInt16.self, forKey: k).map { .uint(UInt64($0)) }
        case .uint32: return try c.decodeIfPresent(UInt32.self, forKey: k).map { .uint(UInt64($0)) }
        case .uint64: return try c.decodeIfPresent(UInt64.self, forKey: k).map { .uint($0) }
        case .double: return try c.decodeIfPresent(Double.self, forKey: k).map { .double($0) }
        case .float: return try c.decodeIfPresent(Float.self, forKey: k).map { .float($0) }
        case .string: return try c.decodeIfPresent(String.self, forKey: k).map { .string($0) }
        case .bool: return try c.decodeIfPresent(Bool.self, forKey: k).map { .bool($0) }
        case .date: return try c.decodeIfPresent(Date.self, forKey: k).map { .date($0) }
        case .data: return try c.decodeIfPresent(Data.self, forKey: k).map { .data($0) }
        case .url: return try c.decodeIfPresent(URL.self, forKey: k).map { .url($0) }
        case .decimal: return try c.decodeIfPresent(Decimal.self, forKey: k).map { .decimal($0) }
        }
    }
}
