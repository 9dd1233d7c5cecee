import FastMap
import FastMapTestSupport
import Foundation

/// Random `Encodable` values exercising every container call a model can make, for the
/// seeded differential run against JSONEncoder.
indirect enum RandomValue: Encodable, Sendable {
    case int(Int), int8(Int8), int16(Int16), int32(Int32), int64(Int64)
    case uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64), int128(Int128)
    case double(Double), float(Float), bool(Bool), string(String), null
    case date(Date), data(Data), url(URL), decimal(Decimal)
    case optional(RandomValue?)
    case array([RandomMember])
    case object([RandomMember])
    case dictionary([String: RandomValue])
    case intDictionary([Int: RandomValue])
    case wrapped(RandomValue)
    case nothing
    case intArray([Int]), stringArray([String]), doubleArray([Double]), floatArray([Float])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            try encodeElements(elements, into: &container)
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            try encodeMembers(members, into: &container)
        case .nothing:
            break
        default:
            var container = encoder.singleValueContainer()
            try encodeSingle(into: &container)
        }
    }

    private func encodeSingle(into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .int128(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .optional(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        case .intDictionary(let value): try container.encode(value)
        case .wrapped(let value): try container.encode(value)
        case .intArray(let value): try container.encode(value)
        case .stringArray(let value): try container.encode(value)
        case .doubleArray(let value): try container.encode(value)
        case .floatArray(let value): try container.encode(value)
        case .array, .object, .nothing: break
        }
    }

    /// Calls the container's dedicated overload for scalars; false for other values.
    private func encodeDirect(into container: inout KeyedEncodingContainer<AnyKey>, key: AnyKey) throws -> Bool {
        switch self {
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .int16(let value): try container.encode(value, forKey: key)
        case .int32(let value): try container.encode(value, forKey: key)
        case .int64(let value): try container.encode(value, forKey: key)
        case .uint(let value): try container.encode(value, forKey: key)
        case .uint8(let value): try container.encode(value, forKey: key)
        case .uint16(let value): try container.encode(value, forKey: key)
        case .uint32(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        case .int128(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .string(let value): try container.encode(value, forKey: key)
        case .null: try container.encodeNil(forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        case .data(let value): try container.encode(value, forKey: key)
        case .url(let value): try container.encode(value, forKey: key)
        case .decimal(let value): try container.encode(value, forKey: key)
        case .intArray(let value): try container.encode(value, forKey: key)
        case .dictionary(let value): try container.encode(value, forKey: key)
        case .optional(let value): try container.encodeIfPresent(value, forKey: key)
        default: return false
        }
        return true
    }

    private func encodeDirect(into container: inout any UnkeyedEncodingContainer) throws -> Bool {
        switch self {
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .int128(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .date(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .doubleArray(let value): try container.encode(value)
        case .floatArray(let value): try container.encode(contentsOf: value)
        default: return false
        }
        return true
    }

    private func encodeMembers(_ members: [RandomMember], into container: inout KeyedEncodingContainer<AnyKey>) throws {
        var deferred: [(RandomMember, KeyedEncodingContainer<AnyKey>?, (any UnkeyedEncodingContainer)?)] = []
        for member in members {
            let key = AnyKey(member.key)
            switch member.mode {
            case .generic:
                try encodeGeneric(member.value, into: &container, key: key)
            case .direct:
                if try !member.value.encodeDirect(into: &container, key: key) {
                    try encodeGeneric(member.value, into: &container, key: key)
                }
            case .nested, .deferred:
                switch member.value {
                case .object(let inner):
                    var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
                    if member.mode == .deferred {
                        deferred.append((member, nested, nil))
                    } else {
                        try encodeMembers(inner, into: &nested)
                    }
                case .array(let inner):
                    var nested = container.nestedUnkeyedContainer(forKey: key)
                    if member.mode == .deferred {
                        deferred.append((member, nil, nested))
                    } else {
                        try encodeElements(inner, into: &nested)
                    }
                default:
                    try encodeGeneric(member.value, into: &container, key: key)
                }
            case .superEncoder:
                let superEncoder =
                    member.key == "super" ? container.superEncoder() : container.superEncoder(forKey: key)
                try member.value.encode(to: superEncoder)
            }
        }
        // Nested containers filled after their container moved on (out of order).
        for (member, keyed, unkeyed) in deferred {
            if case .object(let inner) = member.value, var keyed { try encodeMembers(inner, into: &keyed) }
            if case .array(let inner) = member.value, var unkeyed { try encodeElements(inner, into: &unkeyed) }
        }
    }

    private func encodeElements(_ elements: [RandomMember], into container: inout any UnkeyedEncodingContainer) throws {
        for element in elements {
            switch element.mode {
            case .generic, .deferred:
                try container.encode(element.value)
            case .direct:
                if try !element.value.encodeDirect(into: &container) { try container.encode(element.value) }
            case .nested:
                switch element.value {
                case .object(let inner):
                    var nested = container.nestedContainer(keyedBy: AnyKey.self)
                    try encodeMembers(inner, into: &nested)
                case .array(let inner):
                    var nested = container.nestedUnkeyedContainer()
                    try encodeElements(inner, into: &nested)
                default:
                    try container.encode(element.value)
                }
            case .superEncoder:
                try element.value.encode(to: container.superEncoder())
            }
        }
    }

    /// Goes through the container's generic `encode` even for scalars.
    private func encodeGeneric<T: Encodable>(
        _ value: T, into container: inout KeyedEncodingContainer<AnyKey>, key: AnyKey
    ) throws {
        try container.encode(value, forKey: key)
    }
}
