import Foundation

/// Converting to and from the `Any` values `JSONSerialization` works with.
extension JSON {
    /// The value in `JSONSerialization`'s shapes: `[String: Any]`, `[Any]`, `String`, `Int`
    /// (or `UInt64` above `Int.max`), `Double`, `Bool` and `NSNull`; numbers beyond those (kept
    /// as text, see ``numberText``) become `NSDecimalNumber`, as `JSONSerialization` makes them.
    public var foundationObject: Any {
        switch node.kind {
        case .null: return NSNull()
        case .bool: return node.isTrue
        case .string: return node.stringValue
        case .number:
            switch number {
            case .integer(let value): return Int(value)
            case .unsigned(let value): return value
            case .double(let value): return value
            case .text(let text): return NSDecimalNumber(string: text)  // as JSONSerialization
            case nil: return NSNull()
            }
        case .array:
            return elements.map(\.foundationObject)
        case .object:
            var result: [String: Any] = [:]
            result.reserveCapacity(node.objectCount)
            for (key, value) in members where result[key] == nil {
                result[key] = value.foundationObject
            }
            return result
        }
    }

    /// Builds a value from `JSONSerialization`-shaped input: dictionaries with `String` keys,
    /// arrays, strings, numbers (`NSNumber` and every Swift integer and floating-point type),
    /// booleans, `NSNull`, and optionals holding any of these (`nil` becomes `null`).
    /// - Throws: ``FastMapError`` (`invalidValue`) naming the path of the first value that has
    ///   no JSON form (another type, NaN or infinity, a non-string key), or (`depthLimit`) for
    ///   input nested deeper than ``defaultMaximumDepth``.
    public init(foundationObject: Any) throws(FastMapError) {
        var parts = SharedParts(depth: JSON.defaultMaximumDepth + 1)
        let node = try Self.makeNode(foundationObject, path: [], parts: &parts)
        self = .owning(node, parts: parts)
    }

    private static func makeNode(
        _ value: Any, path: [JSONKeyPath.Component], parts: inout SharedParts
    ) throws(FastMapError) -> JSONBuildNode {
        if path.count > defaultMaximumDepth {
            throw FastMapError(
                kind: .depthLimit, message: "nested deeper than \(defaultMaximumDepth) levels", path: path)
        }
        if let json = value as? JSON { return parts.adopt(json) }
        if let scalar = try makeScalar(value, path: path, parts: &parts) { return scalar }
        if let dictionary = value as? [String: Any] {
            let object = JSONBuildNode.makeObject()
            for (key, member) in dictionary {
                object.setFirst(key, try makeNode(member, path: path + [.key(key)], parts: &parts))
            }
            return object
        }
        if let array = value as? [Any] {
            let node = JSONBuildNode.makeArray()
            for (index, element) in array.enumerated() {
                node.append(try makeNode(element, path: path + [.index(index)], parts: &parts))
            }
            return node
        }
        throw unsupported(value, path: path)
    }

    private static func makeScalar(
        _ value: Any, path: [JSONKeyPath.Component], parts: inout SharedParts
    ) throws(FastMapError) -> JSONBuildNode? {
        // Optionals arrive boxed in Any; unwrap one level at a time.
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .makeNull() }
            return try makeNode(wrapped, path: path, parts: &parts)
        }
        switch value {
        case is NSNull: return .makeNull()
        case let string as String: return .makeString(string)
        case let bool as Bool where type(of: value) == Bool.self: return .makeBool(bool)
        case let number as NSNumber where type(of: value) is NSNumber.Type:
            return try makeNumber(number, path: path, parts: &parts)
        case let double as Double: return try finite(double, path: path)
        case let float as Float: return try finite(Double(float), path: path)
        case let integer as any BinaryInteger:
            return makeInteger(integer, parts: &parts)
        case let decimal as Decimal:
            return try makeNumber(NSDecimalNumber(decimal: decimal), path: path, parts: &parts)
        default: return nil
        }
    }

    private static func makeInteger(
        _ integer: any BinaryInteger, parts: inout SharedParts
    ) -> JSONBuildNode {
        parts.adopt(JSON(integer))
    }

    private static func makeNumber(
        _ number: NSNumber, path: [JSONKeyPath.Component], parts: inout SharedParts
    ) throws(FastMapError) -> JSONBuildNode {
        if number === Self.booleanTrueNumber { return .makeBool(true) }
        if number === Self.booleanFalseNumber { return .makeBool(false) }
        if number is NSDecimalNumber {
            let text = number.description
            if let integer = Int64(text) { return .makeInteger(integer) }
            if let large = UInt64(text) { return makeInteger(large, parts: &parts) }
            return try finite(number.doubleValue, path: path)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return try finite(number.doubleValue, path: path)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return makeInteger(number.uint64Value, parts: &parts)
        default:
            return .makeInteger(number.int64Value)
        }
    }

    private static func finite(_ value: Double, path: [JSONKeyPath.Component]) throws(FastMapError) -> JSONBuildNode {
        guard let node = JSONBuildNode.makeReal(value) else {
            throw FastMapError(
                kind: .invalidValue, message: "\(value) cannot be written as a JSON number", path: path,
                expectedType: "finite number")
        }
        return node
    }

    private static func unsupported(_ value: Any, path: [JSONKeyPath.Component]) -> FastMapError {
        FastMapError(
            kind: .invalidValue,
            message: "a value of type \(type(of: value)) has no JSON form", path: path,
            expectedType: "String, number, Bool, NSNull, [Any] or [String: Any]")
    }

    /// Foundation keeps one `NSNumber` instance per boolean value; comparing identities tells a
    /// boolean apart from the integer 1 or 0.
    private static let booleanTrueNumber = NSNumber(value: true)
    private static let booleanFalseNumber = NSNumber(value: false)
}
