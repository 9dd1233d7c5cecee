/// A collection `@Lossy` can decode element by element, dropping the elements that fail.
///
/// Arrays and sets drop failing elements; dictionaries drop the members whose value fails. A
/// value that is not a collection at all (a string where an array belongs) still fails: pair
/// `@Lossy` with `@Default([], onInvalid: true)` to accept that too.
public protocol JSONLossyCollection {
    /// The type of the values that may fail one by one.
    associatedtype LossyElement

    /// Decodes the collection from `decoder`, reading each element with `read` and leaving out the
    /// elements for which `read` throws.
    static func decodeLossy(from decoder: any Decoder, reading read: (any Decoder) throws -> LossyElement) throws
        -> Self
}

extension Array: JSONLossyCollection {
    /// Each element read on its own; failures are dropped.
    public static func decodeLossy(from decoder: any Decoder, reading read: (any Decoder) throws -> Element) throws
        -> [Element]
    {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            // superDecoder() moves past the element even when reading it fails.
            let element = try container.superDecoder()
            do {
                elements.append(try read(element))
            } catch {
                JSONDecodingReport.record(error, in: element, as: .droppedElement)
            }
        }
        return elements
    }
}

extension Set: JSONLossyCollection {
    /// Each element read on its own; failures are dropped.
    public static func decodeLossy(from decoder: any Decoder, reading read: (any Decoder) throws -> Element) throws
        -> Set<Element>
    {
        Set(try [Element].decodeLossy(from: decoder, reading: read))
    }
}

extension Dictionary: JSONLossyCollection where Key: LosslessStringConvertible {
    /// Each value read on its own; members whose value fails (or whose key does not convert to
    /// `Key`) are dropped.
    public static func decodeLossy(from decoder: any Decoder, reading read: (any Decoder) throws -> Value) throws
        -> [Key: Value]
    {
        let container = try decoder.container(keyedBy: JSONModelKey.self)
        var members: [Key: Value] = [:]
        members.reserveCapacity(container.allKeys.count)
        for codingKey in container.allKeys {
            guard let key = Key(codingKey.stringValue) else { continue }
            let member = try container.superDecoder(forKey: codingKey)
            do {
                members[key] = try read(member)
            } catch {
                JSONDecodingReport.record(error, in: member, as: .droppedElement)
            }
        }
        return members
    }
}

/// Reads a ``JSONLossyCollection`` whose elements decode as plain `Decodable` values.
public struct JSONLossy<Value: JSONLossyCollection>: Decodable where Value.LossyElement: Decodable {
    /// The collection, without the elements that failed.
    public let value: Value

    /// Decodes the collection, dropping failing elements.
    public init(from decoder: any Decoder) throws {
        // Through singleValueContainer().decode so the coder's date, data and URL handling applies.
        value = try Value.decodeLossy(from: decoder) { try $0.singleValueContainer().decode(Value.LossyElement.self) }
    }
}

/// Reads a ``JSONLossyCollection`` whose elements convert losslessly (`@Lossy @Lossless`):
/// elements that convert are kept, the others dropped.
public struct JSONLossyLossless<Value: JSONLossyCollection>: Decodable
where Value.LossyElement: JSONLosslessDecodable {
    /// The collection, without the elements that failed.
    public let value: Value

    /// Decodes the collection, converting elements and dropping the ones that do not convert.
    public init(from decoder: any Decoder) throws {
        value = try Value.decodeLossy(from: decoder) { try Value.LossyElement.decodeLossless(from: $0) }
    }
}
