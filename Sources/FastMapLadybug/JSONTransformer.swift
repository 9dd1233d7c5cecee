import Foundation

/// The name of a model property, spelled as its coding key (for synthesized `Codable`, the
/// property's name). Ladybug's `PropertyKey`.
public typealias PropertyKey = String

/// Says where a property's value lives in a model's JSON and how to turn it into the property:
/// the values of ``JSONCodable/transformersByPropertyKey``.
///
/// FastMap's own transformers (`JSONKeyPath`, `String`, ``Default``, ``Map``, the date
/// transformers, the nested markers and their `<-` compositions) are read straight from the
/// parsed tree. A transformer of your own keeps Ladybug's contract: FastMap hands it the
/// model's JSON object as a `[String: Any]` dictionary to rewrite before decoding, which is
/// slower, and only done for the objects of models that use one.
///
/// Transformers are `Sendable`, so `static let transformersByPropertyKey` compiles in Swift 6
/// language mode.
public protocol JSONTransformer: Sendable {
    /// Where the transformer reads the value in the model's JSON object; `nil` means the
    /// property's own key.
    var keyPath: JSONKeyPath? { get }

    /// Rewrites the model's JSON object so that the value for `propertyKey` sits under that key,
    /// ready for decoding.
    func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey)

    /// Rewrites the JSON object written by `toJSON()` / `toData()`, where the property's value
    /// sits under `propertyKey`, back into the shape the transformer reads. Does nothing unless
    /// implemented.
    func reverseTransform(_ json: inout [String: Any], mappingFrom propertyKey: PropertyKey)
}

extension JSONTransformer {
    /// Leaves the object as it is.
    public func reverseTransform(_ json: inout [String: Any], mappingFrom propertyKey: PropertyKey) {}
}

/// A key path is the simplest transformer: the property's value is the one at the path.
/// When nothing is there, the property's own key is read instead (as in Ladybug, which lets
/// objects written by older versions of a model keep decoding).
extension JSONKeyPath: JSONTransformer {
    /// The path itself.
    public var keyPath: JSONKeyPath? { self }

    /// Copies the value at the path, if any, under `propertyKey`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        if let value = json[jsonKeyPath: self] { json[propertyKey] = value }
    }

    /// Moves the value under `propertyKey` back to the path.
    public func reverseTransform(_ json: inout [String: Any], mappingFrom propertyKey: PropertyKey) {
        guard components != [.key(propertyKey)], let value = json.removeValue(forKey: propertyKey) else { return }
        json.setValue(value, atJSONKeyPath: components[...])
    }
}

/// A string is a key path (`"tree_names.colloquial[0]"`), as in Ladybug.
extension String: JSONTransformer {
    /// The string parsed as a `JSONKeyPath`.
    public var keyPath: JSONKeyPath? { JSONKeyPath(stringLiteral: self) }

    /// Copies the value at the path, if any, under `propertyKey`.
    public func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        JSONKeyPath(stringLiteral: self).transform(&json, mappingTo: propertyKey)
    }

    /// Moves the value under `propertyKey` back to the path.
    public func reverseTransform(_ json: inout [String: Any], mappingFrom propertyKey: PropertyKey) {
        JSONKeyPath(stringLiteral: self).reverseTransform(&json, mappingFrom: propertyKey)
    }
}

extension Dictionary where Key: StringProtocol {
    /// The value at `keyPath` in a `JSONSerialization`-shaped object (`[String: Any]` and
    /// `[Any]` all the way down); `nil` when a step is missing or meets the wrong kind of value.
    /// The empty path gives the dictionary itself.
    public subscript(jsonKeyPath keyPath: JSONKeyPath) -> Any? {
        var components = keyPath.components[...]
        guard let first = components.popFirst() else { return self }
        guard case .key(let name) = first, let key = Key(name), var value: Any = self[key] else { return nil }
        for component in components {
            switch component {
            case .key(let name):
                guard let object = value as? [String: Any], let member = object[name] else { return nil }
                value = member
            case .index(let index):
                guard let array = value as? [Any], array.indices.contains(index) else { return nil }
                value = array[index]
            }
        }
        return value
    }
}

extension Dictionary where Key == String, Value == Any {
    /// Stores `value` at `path`, creating the objects and arrays on the way (arrays are padded
    /// with `NSNull`). Gives up without a change where a step meets a value of another kind.
    mutating func setValue(_ value: Any, atJSONKeyPath path: ArraySlice<JSONKeyPath.Component>) {
        guard case .key(let name)? = path.first else { return }
        let rest = path.dropFirst()
        guard !rest.isEmpty else {
            self[name] = value
            return
        }
        guard let updated = Self.setting(value, at: rest, in: self[name]) else { return }
        self[name] = updated
    }

    private static func setting(_ value: Any, at path: ArraySlice<JSONKeyPath.Component>, in container: Any?) -> Any? {
        guard let step = path.first else { return value }
        let rest = path.dropFirst()
        switch step {
        case .key(let name):
            var object: [String: Any]
            if container == nil || container is NSNull {
                object = [:]
            } else if let existing = container as? [String: Any] {
                object = existing
            } else {
                return nil
            }
            guard let updated = setting(value, at: rest, in: object[name]) else { return nil }
            object[name] = updated
            return object
        case .index(let index):
            guard index >= 0 else { return nil }
            var array: [Any]
            if container == nil || container is NSNull {
                array = []
            } else if let existing = container as? [Any] {
                array = existing
            } else {
                return nil
            }
            while array.count <= index { array.append(NSNull()) }
            guard let updated = setting(value, at: rest, in: array[index]) else { return nil }
            array[index] = updated
            return array
        }
    }
}
