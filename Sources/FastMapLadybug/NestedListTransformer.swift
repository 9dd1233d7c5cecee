import Foundation

/// Marks a property as an array of nested ``JSONCodable`` models, optionally found at a key
/// path. Usually written `[Model].transformer`; see ``NestedObjectTransformer``.
public struct NestedListTransformer<Model: JSONCodable>: JSONTransformer {
    /// Where the array is; `nil` for the property's own key.
    public let keyPath: JSONKeyPath?

    /// A marker for the array at `keyPath` (or under the property's own key).
    public init(keyPath: JSONKeyPath? = nil) {
        self.keyPath = keyPath
    }

    /// Applies the model's transformers to each object of the array and stores the array
    /// under `propertyKey`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        let source = keyPath ?? JSONKeyPath(components: [.key(propertyKey)])
        guard let list = json[jsonKeyPath: source] as? [[String: Any]] else { return }
        json[propertyKey] = list.map { element in
            var element = element
            Model.applyTransformers(to: &element)
            return element
        }
    }
}
