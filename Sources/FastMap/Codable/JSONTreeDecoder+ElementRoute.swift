@_spi(FastMapCore) import FastMapCore
import Foundation

/// Arrays and dictionaries of models: ``unwrap(_:as:at:_:)`` tests each value's type against
/// every type it reads in its own way before it calls `init(from:)`, and for the elements of one
/// array (the values of one `[String: Value]`) that answer is always the same. So the container
/// asks once, and when its values can only be decoded by their own `init(from:)` it calls that
/// for each of them directly (3% of a decode of citm_catalog.json went to the tests otherwise).
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

    /// Whether ``unwrap(_:as:at:_:)`` hands every value of type `T`, whatever it holds, to
    /// `T.init(from:)`; remembered per `decode` call.
    package func decodesItself<T: Decodable>(_ type: T.Type) -> Bool {
        let answer = rememberedConformance(of: T.self, in: &selfDecodingTypes) { () -> Bool? in
            let id = ObjectIdentifier(T.self)
            // Arrays are all `DecodableArray`s, which also covers the lossy ones.
            let special =
                Self.typesReadDirectly.contains(id) || scalarArrayKind(T.self) != nil
                || decodableArrayType(T.self) != nil || stringKeyedDictionaryType(T.self) != nil
                || options.hook != nil
            return special ? nil : true
        }
        return answer != nil
    }

    /// The elements of `array` (at `position`) decoded as `Element`s and appended to `result`: through
    /// ``unwrap(_:as:at:_:)``, or straight to `init(from:)` or to ``scalarArray(kind:_:as:at:_:)``
    /// when that is where unwrap would go.
    @inline(__always)
    package func appendElements<Element: Decodable>(
        of array: JSONNode, as type: Element.Type, at position: CodingPathReference, into result: inout [Element],
        onFailure: (any Error) throws -> Void
    ) throws {
        // One answer for every element: the branch below always goes the same way.
        let direct = decodesItself(Element.self)
        let scalars = direct ? nil : scalarArrayKind(Element.self)
        var child = array.firstElement
        for index in 0..<array.arrayCount {
            defer { if index + 1 < array.arrayCount { child = child.nextSibling } }
            do {
                if direct {
                    result.append(try decodeItself(type, child, at: position, index: index))
                } else if let scalars {
                    result.append(try scalarArray(kind: scalars, child, as: type, at: position, .index(index)))
                } else {
                    result.append(try unwrap(child, as: type, at: position, .index(index)))
                }
            } catch {
                try onFailure(error)
            }
        }
    }
}
