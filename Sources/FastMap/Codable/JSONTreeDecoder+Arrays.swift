@_spi(FastMapCore) import FastMapCore

/// Arrays of scalars (`[Double]`, `[Int]`, `[String]`, ...) read in one loop, and rows of doubles
/// (`[[Double]]`) in one loop of such loops. The standard library's generic `Array.init(from:)`
/// would look up runtime metadata and go through an existential container for every element; the
/// errors here are the ones that path reports (the container's, then each element's at its index).
extension JSONTreeDecoder {
    /// The array types with a fast path, as metatype identities computed once.
    private static let scalarArrayTypes: [ObjectIdentifier] = [
        ObjectIdentifier([Double].self), ObjectIdentifier([Int].self), ObjectIdentifier([String].self),
        ObjectIdentifier([Bool].self), ObjectIdentifier([Int64].self), ObjectIdentifier([UInt64].self),
        ObjectIdentifier([Float].self), ObjectIdentifier([Int32].self), ObjectIdentifier([UInt32].self),
        ObjectIdentifier([UInt8].self), ObjectIdentifier([UInt].self), ObjectIdentifier([[Double]].self),
    ]

    /// The position of `T` in ``scalarArrayTypes``, or nil (also when invalid elements are
    /// skipped, which has its own path).
    @inline(__always)
    package func scalarArrayKind<T>(_ type: T.Type) -> Int? {
        guard !lossy.contains(.skipInvalidArrayElements) else { return nil }
        return Self.scalarArrayTypes.firstIndex(of: ObjectIdentifier(T.self))
    }

    /// `[Element]` for the `kind` that ``scalarArrayKind(_:)`` found, returned as `T` (which is
    /// that array type).
    package func scalarArray<T>(
        kind: Int, _ node: JSONNode, as type: T.Type, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> T {
        switch kind {
        case 0: try cast(elements(node, at: reference, step) { try $0.readFloat($1, Double.self, at: $2, .index($3)) })
        case 1: try cast(elements(node, at: reference, step) { try $0.readInteger($1, Int.self, at: $2, .index($3)) })
        case 2: try cast(elements(node, at: reference, step) { try $0.readString($1, at: $2, .index($3)) })
        case 3: try cast(elements(node, at: reference, step) { try $0.readBool($1, at: $2, .index($3)) })
        case 4: try cast(elements(node, at: reference, step) { try $0.readInteger($1, Int64.self, at: $2, .index($3)) })
        case 5:
            try cast(elements(node, at: reference, step) { try $0.readInteger($1, UInt64.self, at: $2, .index($3)) })
        case 6: try cast(elements(node, at: reference, step) { try $0.readFloat($1, Float.self, at: $2, .index($3)) })
        case 7: try cast(elements(node, at: reference, step) { try $0.readInteger($1, Int32.self, at: $2, .index($3)) })
        case 8:
            try cast(elements(node, at: reference, step) { try $0.readInteger($1, UInt32.self, at: $2, .index($3)) })
        case 9: try cast(elements(node, at: reference, step) { try $0.readInteger($1, UInt8.self, at: $2, .index($3)) })
        case 10: try cast(elements(node, at: reference, step) { try $0.readInteger($1, UInt.self, at: $2, .index($3)) })
        default:
            // `[[Double]]` (GeoJSON rings, matrices): each row is read as a `[Double]` is, without
            // the route every other element type takes (canada.json decoded 8-10% faster).
            try cast(
                elements(node, at: reference, step, levels: 2) { decoder, row, position, index in
                    try decoder.elements(row, at: position, .index(index)) {
                        try $0.readFloat($1, Double.self, at: $2, .index($3))
                    }
                })
        }
    }

    @inline(__always)
    private func cast<Element, T>(_ array: [Element]) -> T { identityCast(array, to: T.self) }

    /// The elements of the array `node`, each read by `read`. `levels` counts the arrays read
    /// without entering them: 2 when each element is itself an array read so, whose depth the
    /// limit must also allow.
    @inline(__always)
    private func elements<Element>(
        _ node: JSONNode, at reference: CodingPathReference, _ step: CodingPathComponent?, levels: Int = 1,
        _ read: (JSONTreeDecoder, JSONNode, CodingPathReference, Int) throws -> Element
    ) throws -> [Element] {
        guard node.isArray else { throw containerMismatch([Any].self, node: node, at: reference, step) }
        // The elements are read without entering the array: an element's path is needed only
        // by its error, and putting a key step on the stack copies an existential in and out
        // (4% of citm_catalog.json's decode). So the first failure reads the array again the
        // way that names it: entered, its step on the path stack, where the same element
        // throws the same error with its full path. (An array too deep to enter goes that way
        // at once, for the depth error.)
        func readAll(at position: CodingPathReference) throws -> [Element] {
            let count = node.arrayCount
            var result: [Element] = []
            result.reserveCapacity(count)
            var element = node.firstElement
            for index in 0..<count {
                result.append(try read(self, element, position, index))
                if index + 1 < count { element = element.nextSibling }
            }
            return result
        }
        if reference.tail == nil && path.count + levels <= maximumDepth, let result = try? readAll(at: reference) {
            return result
        }
        return try with(node, at: reference, step) { try readAll(at: currentPath) }
    }
}

extension JSONTreeDecoder {
    /// `T` as a ``LossyDecodableArray`` type (nil for any other type), remembered per `decode`
    /// call: the runtime's conformance lookup would otherwise run for every value decoded.
    package func lossyArrayType<T>(_ type: T.Type) -> (any LossyDecodableArray.Type)? {
        rememberedCollectionConformance(of: T.self, in: &lossyArrayTypes) { T.self as? any LossyDecodableArray.Type }
    }

    /// `cast()` (what a check of `T` answers: a conformance, a route), looked up in `cache` first
    /// and added to it after.
    @inline(__always)
    package func rememberedConformance<T, Answer>(
        of type: T.Type, in cache: inout [(ObjectIdentifier, Answer)], _ cast: () -> Answer
    ) -> Answer {
        let id = ObjectIdentifier(T.self)
        for (known, answer) in cache where known == id { return answer }
        let answer = cast()
        cache.append((id, answer))
        return answer
    }

    /// ``rememberedConformance(of:in:_:)`` for a conformance only arrays and dictionaries have:
    /// nil at once for a type of another layout (see `CollectionLayout`).
    @inline(__always)
    package func rememberedCollectionConformance<T, Conformance>(
        of type: T.Type, in cache: inout [(ObjectIdentifier, Conformance?)], _ cast: () -> Conformance?
    ) -> Conformance? {
        guard CollectionLayout.mayBeArrayOrDictionary(T.self) else { return nil }
        return rememberedConformance(of: T.self, in: &cache, cast)
    }

    /// `T` (the array type `array`) decoded skipping its invalid elements. (No `T?` anywhere on
    /// this path: in unspecialized code an optional of `T` costs a metadata lookup per call.)
    package func lossyArray<T>(
        _ array: any LossyDecodableArray.Type, _ node: JSONNode, as type: T.Type, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T {
        func decode<A: LossyDecodableArray>(_ array: A.Type) throws -> T {
            identityCast(try A.decodeSkippingInvalidElements(self, node, at: reference, step), to: T.self)
        }
        return try decode(array)
    }
}

extension JSONTreeDecoder {
    /// `T` as a ``DecodableArray`` type (nil for any other type), remembered per `decode` call.
    @inline(__always)
    package func decodableArrayType<T>(_ type: T.Type) -> (any DecodableArray.Type)? {
        rememberedCollectionConformance(of: T.self, in: &decodableArrayTypes) { T.self as? any DecodableArray.Type }
    }

    /// `T` (the array type `array`) through ``DecodableArray``.
    package func decodableArray<T>(
        _ array: any DecodableArray.Type, _ node: JSONNode, as type: T.Type, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T {
        func decode<A: DecodableArray>(_ array: A.Type) throws -> T {
            identityCast(try A.decodeElements(self, node, at: reference, step), to: T.self)
        }
        return try decode(array)
    }
}
