/// A type `@Lossless` can decode from any JSON scalar that converts to it without loss.
///
/// `String` takes strings, numbers (`987654321`, `1.5`) and booleans (`"true"`); `Bool` takes
/// booleans, `0`/`1` and `"true"`/`"false"`/`"yes"`/`"no"`/`"1"`/`"0"`; integers take integers and
/// integer strings; `Double` and `Float` take numbers and numeric strings. A conversion never
/// invents a value: `1.5` never becomes an `Int`, `2` never becomes a `Bool`. Arrays and sets
/// convert each element and skip `null` elements (unless the element type is optional).
public protocol JSONLosslessDecodable {
    /// Decodes a value from `decoder`, converting from other scalar kinds where lossless.
    static func decodeLossless(from decoder: any Decoder) throws -> Self

    /// What a `null` element of a collection becomes: `nil` to skip it (the default), or a value.
    static var losslessNullElement: Self? { get }
}

extension JSONLosslessDecodable {
    /// Skip `null` elements.
    public static var losslessNullElement: Self? { nil }
}

/// Reads `Value` through ``JSONLosslessDecodable``; the generated code decodes this wrapper so
/// that the decoder's own special handling of the key still applies.
public struct JSONLossless<Value: JSONLosslessDecodable>: Decodable {
    /// The decoded value.
    public let value: Value

    /// Decodes the value losslessly.
    public init(from decoder: any Decoder) throws {
        value = try Value.decodeLossless(from: decoder)
    }
}

extension String: JSONLosslessDecodable {
    /// A string, or the text of a number or boolean.
    public static func decodeLossless(from decoder: any Decoder) throws -> String {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { return text }
        if let number = try? container.decode(Int64.self) { return String(number) }
        if let number = try? container.decode(UInt64.self) { return String(number) }
        if let number = try? container.decode(Double.self) { return JSONLosslessScalar.text(of: number) }
        if let flag = try? container.decode(Bool.self) { return flag ? "true" : "false" }
        throw JSONLosslessScalar.mismatch(String.self, in: container, expecting: "a string, number or boolean")
    }
}

extension Bool: JSONLosslessDecodable {
    /// A boolean, `0`/`1`, or one of `"true"`, `"false"`, `"yes"`, `"no"`, `"1"`, `"0"`.
    public static func decodeLossless(from decoder: any Decoder) throws -> Bool {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) { return flag }
        if let number = try? container.decode(Int64.self), number == 0 || number == 1 { return number == 1 }
        if let text = try? container.decode(String.self) {
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: break
            }
        }
        throw JSONLosslessScalar.mismatch(
            Bool.self, in: container, expecting: "a boolean, 0, 1, or \"true\"/\"false\"/\"yes\"/\"no\"")
    }
}

/// Shared conversions behind the ``JSONLosslessDecodable`` conformances.
enum JSONLosslessScalar {
    /// Swift's shortest round-trip text, without a trailing `.0`, as FastMap writes numbers.
    static func text(of number: Double) -> String {
        let text = number.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func mismatch(_ type: Any.Type, in container: any SingleValueDecodingContainer, expecting: String)
        -> DecodingError
    {
        let found = JSONModelProbe.describe(container)
        let error = FastMapError(
            kind: .typeMismatch, message: "expected \(expecting), found \(found.text)",
            path: JSONModelProbe.components(of: container.codingPath), expectedType: "\(type)",
            foundKind: found.kind, foundSnippet: found.snippet)
        return CodingErrors.typeMismatch(
            type, at: container.codingPath, "Expected \(type) (\(expecting)) but found \(found.text).",
            underlying: error)
    }

    static func integer<Value: FixedWidthInteger & Decodable>(_ type: Value.Type, from decoder: any Decoder) throws
        -> Value
    {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Value.self) { return number }
        if let text = try? container.decode(String.self), let number = Value(text) { return number }
        throw mismatch(Value.self, in: container, expecting: "an integer or an integer string")
    }

    static func floatingPoint<Value: BinaryFloatingPoint & LosslessStringConvertible & Decodable>(
        _ type: Value.Type, from decoder: any Decoder
    ) throws -> Value {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Value.self) { return number }
        if let text = try? container.decode(String.self), let number = Value(text), number.isFinite {
            return number
        }
        throw mismatch(Value.self, in: container, expecting: "a number or a numeric string")
    }
}

extension Int: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> Int {
        try JSONLosslessScalar.integer(Int.self, from: decoder)
    }
}

extension Int8: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> Int8 {
        try JSONLosslessScalar.integer(Int8.self, from: decoder)
    }
}

extension Int16: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> Int16 {
        try JSONLosslessScalar.integer(Int16.self, from: decoder)
    }
}

extension Int32: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> Int32 {
        try JSONLosslessScalar.integer(Int32.self, from: decoder)
    }
}

extension Int64: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> Int64 {
        try JSONLosslessScalar.integer(Int64.self, from: decoder)
    }
}

extension UInt: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> UInt {
        try JSONLosslessScalar.integer(UInt.self, from: decoder)
    }
}

extension UInt8: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> UInt8 {
        try JSONLosslessScalar.integer(UInt8.self, from: decoder)
    }
}

extension UInt16: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> UInt16 {
        try JSONLosslessScalar.integer(UInt16.self, from: decoder)
    }
}

extension UInt32: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> UInt32 {
        try JSONLosslessScalar.integer(UInt32.self, from: decoder)
    }
}

extension UInt64: JSONLosslessDecodable {
    /// An integer or an integer string.
    public static func decodeLossless(from decoder: any Decoder) throws -> UInt64 {
        try JSONLosslessScalar.integer(UInt64.self, from: decoder)
    }
}

extension Double: JSONLosslessDecodable {
    /// A number or a numeric string.
    public static func decodeLossless(from decoder: any Decoder) throws -> Double {
        try JSONLosslessScalar.floatingPoint(Double.self, from: decoder)
    }
}

extension Float: JSONLosslessDecodable {
    /// A number or a numeric string.
    public static func decodeLossless(from decoder: any Decoder) throws -> Float {
        try JSONLosslessScalar.floatingPoint(Float.self, from: decoder)
    }
}

extension Optional: JSONLosslessDecodable where Wrapped: JSONLosslessDecodable {
    /// `nil` for `null`, otherwise the wrapped type's lossless conversion.
    public static func decodeLossless(from decoder: any Decoder) throws -> Wrapped? {
        if try decoder.singleValueContainer().decodeNil() { return nil }
        return try Wrapped.decodeLossless(from: decoder)
    }

    /// A `null` element stays, as `nil`.
    public static var losslessNullElement: Wrapped?? { .some(nil) }
}

extension Array: JSONLosslessDecodable where Element: JSONLosslessDecodable {
    /// Each element converted; `null` elements skipped unless `Element` is optional.
    public static func decodeLossless(from decoder: any Decoder) throws -> [Element] {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            if try container.decodeNil() {
                if let element = Element.losslessNullElement { elements.append(element) }
                continue
            }
            elements.append(try Element.decodeLossless(from: container.superDecoder()))
        }
        return elements
    }
}

extension Set: JSONLosslessDecodable where Element: JSONLosslessDecodable {
    /// Each element converted; `null` elements skipped unless `Element` is optional.
    public static func decodeLossless(from decoder: any Decoder) throws -> Set<Element> {
        Set(try [Element].decodeLossless(from: decoder))
    }
}
