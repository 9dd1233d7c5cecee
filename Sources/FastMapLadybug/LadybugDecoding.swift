import Foundation

/// Entry points of `JSONCodable` decoding: parse (or convert) once, then decode with a
/// FastJSONDecoder tree decoder that applies transformers wherever it meets a `JSONCodable`
/// model.
enum LadybugDecoding {
    /// The JSON kind a Ladybug entry point accepts at the top level.
    enum Expectation {
        case object
        case arrayOfObjects
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, expecting: Expectation) throws -> T {
        try JSONInput.with(data) { raw in
            try JSONInput.withUTF8(raw, invalid: DecodingError.invalidJSON) { utf8 in
                let json: JSON
                do throws(FastMapError) {
                    json = try JSON(input: utf8)
                } catch {
                    throw DecodingError.invalidJSON(error)
                }
                try check(json, expecting)
                return try decode(type, from: json, input: utf8)
            }
        }
    }

    /// `object` is a `JSONSerialization`-shaped value or a ``JSON`` value.
    static func decode<T: Decodable>(_ type: T.Type, fromObject object: Any, expecting: Expectation) throws -> T {
        if let json = object as? JSON {
            try check(json, expecting)
            return try decode(type, from: json, input: nil)
        }
        switch expecting {
        case .object:
            guard object is [String: Any] else {
                throw JSONCodableError.badType(expectedType: [String: Any].self, receivedType: Swift.type(of: object))
            }
        case .arrayOfObjects:
            guard let list = object as? [Any] else {
                throw JSONCodableError.badType(expectedType: [Any].self, receivedType: Swift.type(of: object))
            }
            guard list is [[String: Any]] else {
                throw JSONCodableError.badType(expectedType: [[String: Any]].self, receivedType: Swift.type(of: list))
            }
        }
        let json: JSON
        do throws(FastMapError) {
            json = try JSON(foundationObject: object)
        } catch {
            throw CodingErrors.dataCorrupted(
                at: error.path.map(Self.codingKey), "The JSON object cannot be read: \(error.message).",
                underlying: error)
        }
        return try decode(type, from: json, input: nil)
    }

    /// Decodes `type` from `json` with Ladybug's settings: dates as milliseconds since 1970,
    /// transformers on.
    static func decode<T: Decodable>(_ type: T.Type, from json: JSON, input: JSONInput?) throws -> T {
        let plans = TransformerPlans()
        defer { plans.finish() }
        var options = FastJSONDecoder.Options()
        options.dateDecodingStrategy = .millisecondsSince1970
        options.hook = JSONCodableDecoding(plans: plans)
        let decoder = JSONTreeDecoder(root: json, options: options, input: input)
        return try decoder.unwrap(json.node, as: type, at: decoder.currentPath, nil)
    }

    private static func check(_ json: JSON, _ expecting: Expectation) throws {
        switch expecting {
        case .object:
            guard json.kind == .object else {
                throw JSONCodableError.badType(expectedType: [String: Any].self, receivedType: foundationType(of: json))
            }
        case .arrayOfObjects:
            guard json.kind == .array else {
                throw JSONCodableError.badType(expectedType: [Any].self, receivedType: foundationType(of: json))
            }
            guard json.elements.allSatisfy({ $0.kind == .object }) else {
                throw JSONCodableError.badType(expectedType: [[String: Any]].self, receivedType: [Any].self)
            }
        }
    }

    /// The type `JSONSerialization` would have produced, as Ladybug reports it.
    private static func foundationType(of json: JSON) -> Any.Type {
        switch json.kind {
        case .object: [String: Any].self
        case .array: [Any].self
        case .string: String.self
        case .number: json.int64 != nil ? Int.self : Double.self
        case .bool: Bool.self
        case .null: NSNull.self
        }
    }

    private static func codingKey(_ component: JSONKeyPath.Component) -> any CodingKey {
        switch component {
        case .key(let key): FastCodingKey(stringValue: key)
        case .index(let index): FastCodingKey(index: index)
        }
    }
}
