import Foundation

/// Combines transformers, applied left to right: `"air_marshal" <- Passenger.transformer`,
/// `"y2k" <- secondsSince1970`. Put the key path first, as in Ladybug.
infix operator <- : AdditionPrecedence

/// A transformer that applies `lhs`, then `rhs`.
public func <- (lhs: JSONTransformer, rhs: JSONTransformer) -> JSONTransformer {
    CompositeTransformer(parts: [lhs, rhs])
}

/// Transformers applied one after the other (the `<-` operator).
struct CompositeTransformer: JSONTransformer {
    let parts: [any JSONTransformer]

    init(parts: [any JSONTransformer]) {
        var flat: [any JSONTransformer] = []
        for part in parts {
            if let composite = part as? CompositeTransformer { flat += composite.parts } else { flat.append(part) }
        }
        self.parts = flat
    }

    var keyPath: JSONKeyPath? { nil }

    func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        for part in parts { part.transform(&json, mappingTo: propertyKey) }
    }

    func reverseTransform(_ json: inout [String: Any], mappingFrom propertyKey: PropertyKey) {
        for part in parts.reversed() { part.reverseTransform(&json, mappingFrom: propertyKey) }
    }
}
