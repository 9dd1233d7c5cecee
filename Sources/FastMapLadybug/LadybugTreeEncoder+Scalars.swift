@_spi(FastMapCore) import FastMapCore
import Foundation

extension LadybugTreeEncoder {
    /// The node for a scalar or one of Foundation's special types (as `JSONEncoder` writes them,
    /// with dates as milliseconds since 1970 unless a date transformer says otherwise); nil for
    /// values that encode themselves. An optional is seen through, so that an optional date
    /// keeps its transformer's format.
    ///
    /// Types are told apart by comparing `T` with each candidate, one metadata comparison each:
    /// a chain of `as?` casts called the runtime for every candidate, and a model or an array,
    /// which is none of them, paid for all nineteen (15% of the instructions of `toData()` on
    /// the JSONCodable benchmark).
    func makeScalar<T: Encodable>(
        _ value: T, dateCoding: DateCoding?, depth: Int, codingPath: () -> [any CodingKey]
    ) throws -> JSONBuildNode? {
        if T.self == String.self { return .makeString(identityCast(value, to: String.self)) }
        if T.self == Int.self { return makeInteger(identityCast(value, to: Int.self)) }
        if T.self == Double.self { return try makeNumber(identityCast(value, to: Double.self), codingPath: codingPath) }
        if T.self == Bool.self { return .makeBool(identityCast(value, to: Bool.self)) }
        if T.self == Date.self {
            let date = identityCast(value, to: Date.self)
            if let dateCoding {
                return session.adopt(dateCoding.json(for: date, formatters: session.plans.formatters), depth: depth)
            }
            return try makeNumber(date.timeIntervalSince1970 * 1000, codingPath: codingPath)
        }
        if T.self == Float.self { return try makeNumber(identityCast(value, to: Float.self), codingPath: codingPath) }
        if T.self == Int64.self { return makeInteger(identityCast(value, to: Int64.self)) }
        if T.self == Int32.self { return makeInteger(identityCast(value, to: Int32.self)) }
        if T.self == Int16.self { return makeInteger(identityCast(value, to: Int16.self)) }
        if T.self == Int8.self { return makeInteger(identityCast(value, to: Int8.self)) }
        if T.self == UInt.self { return makeInteger(identityCast(value, to: UInt.self)) }
        if T.self == UInt64.self { return makeInteger(identityCast(value, to: UInt64.self)) }
        if T.self == UInt32.self { return makeInteger(identityCast(value, to: UInt32.self)) }
        if T.self == UInt16.self { return makeInteger(identityCast(value, to: UInt16.self)) }
        if T.self == UInt8.self { return makeInteger(identityCast(value, to: UInt8.self)) }
        if T.self == Data.self { return .makeString(identityCast(value, to: Data.self).base64EncodedString()) }
        if T.self == URL.self { return .makeString(identityCast(value, to: URL.self).absoluteString) }
        if T.self == Decimal.self {
            let decimal = identityCast(value, to: Decimal.self)
            guard let json = try? JSON(foundationObject: NSDecimalNumber(decimal: decimal)) else {
                throw CodingErrors.invalidValue(decimal, at: codingPath(), "Unable to encode \(decimal) in JSON.")
            }
            return session.adopt(json, depth: depth)
        }
        if T.self == JSON.self { return session.adopt(identityCast(value, to: JSON.self), depth: depth) }
        guard let optional = value as? any EncodableOptional, let wrapped = optional.encodableWrapped else {
            return nil
        }
        return try makeScalar(wrapped, dateCoding: dateCoding, depth: depth, codingPath: codingPath)
    }

    func makeInteger<T: FixedWidthInteger>(_ value: T) -> JSONBuildNode {
        if let small = Int64(exactly: value) { return .makeInteger(small) }
        return JSONBuildNode.makeUnsignedBits(UInt64(value))
    }

    /// A number node; NaN and infinities throw as in `JSONEncoder`. `Float`s keep their own
    /// shortest text (`0.1`, not `0.10000000149011612`).
    func makeNumber<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T, codingPath: () -> [any CodingKey]
    ) throws -> JSONBuildNode {
        let double = T.self == Double.self ? Double(value) : Double(value.description) ?? Double(value)
        guard let node = JSONBuildNode.makeReal(double) else {
            let name = value.isNaN ? "\(T.self).nan" : value < 0 ? "-\(T.self).infinity" : "\(T.self).infinity"
            throw CodingErrors.invalidValue(value, at: codingPath(), "Unable to encode \(name) directly in JSON.")
        }
        return node
    }
}

/// An optional of an `Encodable` type, which `makeScalar` looks inside.
private protocol EncodableOptional {
    var encodableWrapped: (any Encodable)? { get }
}

extension Optional: EncodableOptional where Wrapped: Encodable {
    var encodableWrapped: (any Encodable)? { self }
}
