import Foundation

extension JSONCodable {
    /// Ladybug's decoding rewrite of a JSON object, for transformers that work on dictionaries.
    static func applyTransformers(to json: inout [String: Any]) {
        for (propertyKey, transformer) in transformersByPropertyKey {
            transformer.transform(&json, mappingTo: propertyKey)
        }
    }
}
