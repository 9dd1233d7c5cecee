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
        try data.withUnsafeBytes { raw in
            try JSONInput.withUTF8(raw, invalid: DecodingError.invalidJSON) { utf8 in
                let json: JSON
                do throws(FastMapError) {
                    json = try JSON(bytes: utf8)
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
            let context = DecodingError.Context(
                reportingAt: error.path.map(Self.codingKey),
                debugDescription: "The JSON object cannot be read: \(error.message).", underlyingError: error)
            throw DecodingError.dataCorrupted(context)
        }
        return try decode(type, from: json, input: nil)
    }

    /// Decodes `type` from `json` with Ladybug's settings: dates as milliseconds since 1970,
    /// transformers on.
    static func decode<T: Decodable>(_ type: T.Type, from json: JSON, input: UnsafeRawBufferPointer?) throws -> T {
        let plans = TransformerPlans()
        defer { plans.finish() }
        var options = FastJSONDecoder.Options()
        options.dateDecodingStrategy = .millisecondsSince1970
        options.hook = JSONCodableDecoding(plans: plans)
        var decoder = JSONTreeDecoder(root: json, options: options, input: input)
        defer {
            // As in FastJSONDecoder: the input is only valid during this call, so a decoder a
            // model kept gets the number texts it may need now.
            let escaped = !isKnownUniquelyReferenced(&decoder) || decoder.numberTexts.isShared
            decoder.numberTexts.endOfInput(keepingTexts: escaped)
        }
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

/// What a tree decoder needs to apply transformers: the call's compiled plans. One per decode
/// call; `@unchecked Sendable` because only the calling thread ever uses it (the decode call
/// creates it, and it dies with the call).
final class JSONCodableDecoding: JSONTreeDecodingHook, @unchecked Sendable {
    let plans: TransformerPlans

    init(plans: TransformerPlans) {
        self.plans = plans
    }

    /// `JSONCodable` models decode through their transformers; everything else as usual.
    func decode<T: Decodable>(
        _ type: T.Type, from node: JSONNode, in decoder: JSONTreeDecoder, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T? {
        guard let plan = plans.plan(ifJSONCodable: T.self) else { return nil }
        return try decoder.decodeJSONCodable(node, as: type, plan: plan, at: reference, step)
    }
}

extension JSONTreeDecoder {
    /// What FastJSONDecoder calls instead of `T.init(from:)` when transformers are on (only in
    /// `JSONCodable` decoding) and `T` is a `JSONCodable` model: the model decodes through a
    /// keyed container that applies its transformers (and names its properties in errors).
    func decodeJSONCodable<T: Decodable>(
        _ child: JSONNode, as type: T.Type, plan: TransformerPlan, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T {
        if !plan.dictionaryRules.isEmpty && child.isObject {
            return try decodeRewritten(child, as: type, plan: plan, at: reference, step)
        }
        return try with(child, at: reference, step) { try T(from: TransformingDecoder(tree: self, plan: plan)) }
    }

    /// The slower path for models with transformers of their own: as in Ladybug, those rewrite
    /// the object as a `[String: Any]` dictionary, and the model decodes from the result.
    private func decodeRewritten<T: Decodable>(
        _ child: JSONNode, as type: T.Type, plan: TransformerPlan, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T {
        var object = json(child).foundationObject as? [String: Any] ?? [:]
        for (propertyKey, transformer) in plan.dictionaryRules {
            transformer.transform(&object, mappingTo: propertyKey)
        }
        let rewritten: JSON
        do throws(FastMapError) {
            rewritten = try JSON(foundationObject: object)
        } catch {
            let position = components(reference, step)
            let message = "A transformer of \(plan.modelName) left a value with no JSON form: \(error.message)."
            var failure = error
            failure.message = message
            failure.path = position.map(\.keyPathComponent) + error.path
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    reportingAt: position.map(\.codingKey), debugDescription: message, underlyingError: failure))
        }
        let decoder = JSONTreeDecoder(root: rewritten, options: options, input: nil)
        decoder.path = CodingPathStack(components(reference, nil))
        let rest = plan.afterDictionaryRewrite
        return try decoder.with(rewritten.node, at: decoder.currentPath, step) {
            try T(from: TransformingDecoder(tree: decoder, plan: rest))
        }
    }
}

/// The `Decoder` a `JSONCodable` model with transformers decodes from: the tree decoder, with
/// keyed containers that apply the model's transformers. Two words, so passing it as
/// `any Decoder` allocates nothing.
struct TransformingDecoder: Decoder {
    let tree: JSONTreeDecoder
    let plan: TransformerPlan

    var codingPath: [any CodingKey] { tree.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { tree.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let node = tree.node
        guard node.isObject else {
            throw tree.containerMismatch([String: Any].self, node: node, at: tree.currentPath, nil)
        }
        let plain = try JSONKeyedContainer<Key>(decoder: tree, object: node, path: tree.currentPath)
        return KeyedDecodingContainer(TransformingKeyedContainer(plain: plain, plan: plan))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try tree.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try tree.singleValueContainer()
    }
}
