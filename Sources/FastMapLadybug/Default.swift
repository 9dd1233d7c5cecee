import Foundation

/// Supplies a value for a property whose key is missing from the JSON object (or, with
/// `override: true`, for every object): useful when an API adds a field, or to decode cached
/// JSON written before a property existed.
///
/// A `null` in the JSON is a value, not a missing key, as in Ladybug.
public struct Default: JSONTransformer {
    let value: DefaultValue
    let override: Bool

    /// A default for the property.
    ///
    /// - Parameters:
    ///   - value: the default, as `JSONSerialization` would take it (a string, number, bool,
    ///     `NSNull`, array or dictionary) or any `Encodable` value (a `Date`, an enum, a model).
    ///   - override: when `true`, the default replaces whatever the JSON holds.
    public init(value: Any, override: Bool = false) {
        self.value = DefaultValue(value)
        self.override = override
    }

    /// Always `nil`: a default belongs to the property's own key.
    public var keyPath: JSONKeyPath? { nil }

    /// Puts the default under `propertyKey` when the key is missing (or always, with `override`).
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        guard override || json[propertyKey] == nil, let value = value.foundationObject else { return }
        json[propertyKey] = value
    }
}
