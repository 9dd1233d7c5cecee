import Foundation

/// Marks a property as a nested ``JSONCodable`` model, optionally found at a key path. FastMap
/// applies a nested model's transformers with or without this marker; it remains for source
/// compatibility and for its key path. Usually written `Model.transformer`.
public struct NestedObjectTransformer<Model: JSONCodable>: JSONTransformer {
    /// Where the nested object is; `nil` for the property's own key.
    public let keyPath: JSONKeyPath?

    /// A marker for the object at `keyPath` (or under the property's own key).
    public init(keyPath: JSONKeyPath? = nil) {
        self.keyPath = keyPath
    }

    /// Applies the model's transformers to the nested object and stores it under `propertyKey`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        let source = keyPath ?? JSONKeyPath(components: [.key(propertyKey)])
        guard var nested = json[jsonKeyPath: source] as? [String: Any] else { return }
        Model.applyTransformers(to: &nested)
        json[propertyKey] = nested
    }
}
