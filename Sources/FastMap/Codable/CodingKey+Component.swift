import Foundation

extension CodingKey {
    /// The key as a ``JSONKeyPath`` component: array positions as indices, the rest by name.
    var fastMapComponent: JSONKeyPath.Component {
        if let index = intValue, stringValue == "Index \(index)" { return .index(index) }
        return .key(stringValue)
    }
}
