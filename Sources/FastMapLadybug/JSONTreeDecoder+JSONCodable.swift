@_spi(FastMapCore) import FastMapCore
import Foundation

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
            throw CodingErrors.dataCorrupted(at: position.map(\.codingKey), message, underlying: failure)
        }
        let decoder = JSONTreeDecoder(root: rewritten, options: options, input: nil)
        decoder.path = CodingPathStack(components(reference, nil))
        let rest = plan.afterDictionaryRewrite
        return try decoder.with(rewritten.node, at: decoder.currentPath, step) {
            try T(from: TransformingDecoder(tree: decoder, plan: rest))
        }
    }
}
