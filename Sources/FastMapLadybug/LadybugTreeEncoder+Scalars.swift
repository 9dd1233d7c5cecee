@_spi(FastMapCore) import FastMapCore
import Foundation

extension LadybugTreeEncoder {
    /// The node for a scalar or one of Foundation's special types (as `JSONEncoder` writes them,
    /// with dates as milliseconds since 1970 unless a date transformer says otherwise); nil for
    /// values that encode themselves.
    func makeScalar<T: Encodable>(
        _ value: T, dateCoding: DateCoding?, depth: Int, codingPath: () -> [any CodingKey]
    ) throws -> JSONBuildNode? {
        switch value {
        case let string as String: return .makeString(string)
        case let bool as Bool: return .makeBool(bool)
        case let double as Double: return try makeNumber(double, codingPath: codingPath)
        case let float as Float: return try makeNumber(float, codingPath: codingPath)
        case let integer as Int: return makeInteger(integer)
        case let integer as Int64: return makeInteger(integer)
        case let integer as Int32: return makeInteger(integer)
        case let integer as Int16: return makeInteger(integer)
        case let integer as Int8: return makeInteger(integer)
        case let integer as UInt: return makeInteger(integer)
        case let integer as UInt64: return makeInteger(integer)
        case let integer as UInt32: return makeInteger(integer)
        case let integer as UInt16: return makeInteger(integer)
        case let integer as UInt8: return makeInteger(integer)
        case let date as Date:
            if let dateCoding {
                return session.adopt(dateCoding.json(for: date, formatters: session.plans.formatters), depth: depth)
            }
            return try makeNumber(date.timeIntervalSince1970 * 1000, codingPath: codingPath)
        case let data as Data: return .makeString(data.base64EncodedString())
        case let url as URL: return .makeString(url.absoluteString)
        case let decimal as Decimal:
            guard let json = try? JSON(foundationObject: NSDecimalNumber(decimal: decimal)) else {
                throw CodingErrors.invalidValue(decimal, at: codingPath(), "Unable to encode \(decimal) in JSON.")
            }
            return session.adopt(json, depth: depth)
        case let json as JSON: return session.adopt(json, depth: depth)
        default: return nil
        }
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
