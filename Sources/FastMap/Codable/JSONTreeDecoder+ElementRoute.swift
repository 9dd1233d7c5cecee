@_spi(FastMapCore) import FastMapCore
import Foundation

/// Arrays and dictionaries of models: ``unwrap(_:as:at:_:)`` tests each value's type against
/// every type it reads in its own way before it calls `init(from:)`, and for the elements of one
/// array (the values of one `[String: Value]`) that answer is always the same. So the container
/// asks once (``elementRoute(_:)``), and when its values can only be decoded by their own
/// `init(from:)`, or are scalar arrays, it goes there for each of them directly: 3% of a decode
/// of citm_catalog.json went to the tests otherwise, and about a hundred instructions each row of
/// an array of scalar arrays (`[[Int]]`; canada.json's polygons, arrays of `[[Double]]` rings).
/// A ring's own rows skip even this: `[[Double]]` is a scalar array kind itself.
package enum ElementRoute {
    /// `init(from:)`, whatever the value holds.
    case itself
    /// ``JSONTreeDecoder/scalarArray(kind:_:as:at:_:)`` with this kind.
    case scalarArray(Int)
    /// ``JSONTreeDecoder/unwrap(_:as:at:_:)``, which looks at each value.
    case unwrap
}

extension JSONTreeDecoder {
    /// The types ``unwrap(_:as:at:_:)`` reads without their `init(from:)`, whatever the value:
    /// its scalars, Foundation's special types and `JSON`. Keep it in step with `unwrap`
    /// (`ElementRouteTests` decodes an array of each with settings that tell the two ways apart).
    private static let typesReadDirectly: [ObjectIdentifier] = [
        ObjectIdentifier(String.self), ObjectIdentifier(Double.self), ObjectIdentifier(Int.self),
        ObjectIdentifier(Bool.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt64.self),
        ObjectIdentifier(Float.self), ObjectIdentifier(Int32.self), ObjectIdentifier(UInt.self),
        ObjectIdentifier(UInt32.self), ObjectIdentifier(Int16.self), ObjectIdentifier(UInt16.self),
        ObjectIdentifier(Int8.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(JSON.self),
        ObjectIdentifier(Date.self), ObjectIdentifier(Data.self), ObjectIdentifier(URL.self),
        ObjectIdentifier(Decimal.self),
    ]

    /// Where ``unwrap(_:as:at:_:)`` takes every value of type `T`, whatever it holds, when that
    /// is one place; remembered per `decode` call.
    package func elementRoute<T: Decodable>(_ type: T.Type) -> ElementRoute {
        rememberedConformance(of: T.self, in: &elementRoutes) { () -> ElementRoute in
            // unwrap asks for a scalar array before any hook.
            if let kind = scalarArrayKind(T.self) { return .scalarArray(kind) }
            // Arrays are all `DecodableArray`s, which also covers the lossy ones.
            let special =
                Self.typesReadDirectly.contains(ObjectIdentifier(T.self)) || decodableArrayType(T.self) != nil
                || stringKeyedDictionaryType(T.self) != nil || options.hook != nil
            return special ? .unwrap : .itself
        }
    }

    /// The elements of `array` (at `position`) decoded as `Element`s and appended to `result`, by
    /// their ``elementRoute(_:)``.
    @inline(__always)
    package func appendElements<Element: Decodable>(
        of array: JSONNode, as type: Element.Type, at position: CodingPathReference, into result: inout [Element],
        onFailure: (any Error) throws -> Void
    ) throws {
        // One answer for every element: the switch below always goes the same way.
        let route = elementRoute(Element.self)
        var child = array.firstElement
        for index in 0..<array.arrayCount {
            defer { if index + 1 < array.arrayCount { child = child.nextSibling } }
            do {
                switch route {
                case .itself: result.append(try decodeItself(type, child, at: position, index: index))
                case .scalarArray(let kind):
                    result.append(try scalarArray(kind: kind, child, as: type, at: position, .index(index)))
                case .unwrap: result.append(try unwrap(child, as: type, at: position, .index(index)))
                }
            } catch {
                try onFailure(error)
            }
        }
    }
}
