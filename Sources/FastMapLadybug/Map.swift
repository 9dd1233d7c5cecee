import Foundation

/// Turns the raw JSON value into the property with a closure: a string into a number, a list
/// into its sum. The closure gets the value as `JSONSerialization` would give it (`String`,
/// `Int`, `Double`, `Bool`, `NSNull`, `[Any]`, `[String: Any]`), or `nil` when it is missing.
///
/// When the closure returns `nil`, the property's own key is read instead, so a closure that
/// returns `nil` for values it does not recognize can also decode what `toData()` wrote.
/// `Map` only decodes: `toData()` writes the property's value under the transformer's key path
/// when nothing else is written there.
public struct Map<MappedToType: Codable>: JSONTransformer {
    /// Where the value to map is read; `nil` for the property's own key (or for the value
    /// found by a key path before it in a `<-` chain).
    public let keyPath: JSONKeyPath?
    let map: @Sendable (Any?) -> MappedToType?

    /// Maps the value found for the property.
    public init(map: @escaping @Sendable (Any?) -> MappedToType?) {
        self.keyPath = nil
        self.map = map
    }

    /// Maps the value at `keyPath`.
    public init(keyPath: JSONKeyPath, map: @escaping @Sendable (Any?) -> MappedToType?) {
        self.keyPath = keyPath
        self.map = map
    }

    /// Stores the mapped value under `propertyKey`, unless the closure returns `nil`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        let source = keyPath ?? JSONKeyPath(components: [.key(propertyKey)])
        if let mapped = map(json[jsonKeyPath: source]) { json[propertyKey] = mapped }
    }
}

/// Ladybug's earlier name for ``Map``.
public typealias MapTransformer<MappedToType: Codable> = Map<MappedToType>
