/// Arrays of scalars (`[Double]`, `[Int]`, `[String]`, ...) read in one loop. The standard
/// library's generic `Array.init(from:)` would look up runtime metadata and go through an
/// existential container for every element; the errors here are the ones that path reports
/// (the container's, then each element's at its index).
extension JSONTreeDecoder {
    /// The element types with a fast path, as metatype identities computed once.
    private static let scalarArrayTypes: [ObjectIdentifier] = [
        ObjectIdentifier([Double].self), ObjectIdentifier([Int].self), ObjectIdentifier([String].self),
        ObjectIdentifier([Bool].self), ObjectIdentifier([Int64].self), ObjectIdentifier([UInt64].self),
        ObjectIdentifier([Float].self), ObjectIdentifier([Int32].self), ObjectIdentifier([UInt32].self),
        ObjectIdentifier([UInt8].self), ObjectIdentifier([UInt].self),
    ]

    /// Whether `T` is an array of scalars that ``scalarArray(_:as:at:_:)`` reads (not when
    /// invalid elements are skipped, which has its own path).
    @inline(__always)
    func isScalarArray<T>(_ type: T.Type) -> Bool {
        Self.scalarArrayTypes.contains(ObjectIdentifier(T.self)) && !lossy.contains(.skipInvalidArrayElements)
    }

    /// `[T]` for a `T` that ``isScalarArray(_:)`` accepted. (Not an optional result: producing a
    /// `T?` in unspecialized code costs a runtime metadata lookup per call.)
    func scalarArray<T>(
        _ node: JSONNode, as type: T.Type, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> T {
        let types = Self.scalarArrayTypes
        switch ObjectIdentifier(T.self) {
        case types[0]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readFloat($1, Double.self, at: $2, $3) }, to: T.self)
        case types[1]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readInteger($1, Int.self, at: $2, $3) }, to: T.self)
        case types[2]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readString($1, at: $2, $3) }, to: T.self)
        case types[3]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readBool($1, at: $2, $3) }, to: T.self)
        case types[4]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readInteger($1, Int64.self, at: $2, $3) }, to: T.self)
        case types[5]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readInteger($1, UInt64.self, at: $2, $3) }, to: T.self)
        case types[6]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readFloat($1, Float.self, at: $2, $3) }, to: T.self)
        case types[7]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readInteger($1, Int32.self, at: $2, $3) }, to: T.self)
        case types[8]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readInteger($1, UInt32.self, at: $2, $3) }, to: T.self)
        case types[9]:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readInteger($1, UInt8.self, at: $2, $3) }, to: T.self)
        default:
            return unsafeBitCast(
                try elements(node, at: reference, step) { try $0.readInteger($1, UInt.self, at: $2, $3) }, to: T.self)
        }
    }

    @inline(__always)
    private func elements<Element>(
        _ node: JSONNode, at reference: CodingPathReference, _ step: CodingPathComponent?,
        _ read: (JSONTreeDecoder, JSONNode, CodingPathReference, CodingPathComponent) throws -> Element
    ) throws -> [Element] {
        guard node.isArray else { throw containerMismatch([Any].self, node: node, at: reference, step) }
        let count = node.arrayCount
        var result: [Element] = []
        result.reserveCapacity(count)
        // Element errors name the element: the array's own path plus its index.
        let position = step.map { reference.appending($0) } ?? reference
        for index in 0..<count {
            guard let element = node.element(at: index) else { break }
            result.append(try read(self, element, position, .index(index)))
        }
        return result
    }
}
