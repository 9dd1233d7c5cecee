@_spi(FastMapCore) import FastMapCore

extension JSONTreeDecoder {
    /// `child` read as the model `T` by `T.readJSONObject(_:)`, with the position, path and
    /// errors ``decodeItself(_:_:at:_:)`` gives `init(from:)`. Anything but an object, and any
    /// decode with a front end's hook, takes ``unwrap(_:as:at:_:)`` and its errors.
    func readModel<T: JSONObjectDecodable>(
        _ child: JSONNode, as type: T.Type, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> T {
        guard child.isObject, readsDocuments, options.hook == nil else {
            return try unwrap(child, as: type, at: reference, step)
        }
        return try with(child, at: reference, step) { try read(T.self, child) }
    }

    /// `child` read as `[T]`, each element by ``readModel(_:as:at:_:)``'s route, as
    /// `Array.decodeElements` reads it; a lossy decode (`skipsInvalidArrayElements`), a hook or
    /// anything but an array takes ``unwrap(_:as:at:_:)``. The caller holds the array: it is told
    /// the count, then handed each model. Building a `[T]` here, where `T` is not known when
    /// FastMap compiles, looked `Array<T>`'s metadata up at run time for every array (about 1,000
    /// instructions; 3.4% of decoding twitter.json's models, 300 arrays a document).
    func readModels<T: JSONObjectDecodable>(
        _ child: JSONNode, as type: T.Type, at reference: CodingPathReference, _ step: CodingPathComponent?,
        reserve: (Int) -> Void, append: (consuming T) -> Void
    ) throws {
        guard child.isArray, readsDocuments, options.hook == nil, !skipsInvalidArrayElements else {
            let models = try unwrap(child, as: [T].self, at: reference, step)
            if !models.isEmpty { reserve(models.count) }
            for model in models { append(model) }
            return
        }
        try with(child, at: reference, step) {
            let position = currentPath
            if child.arrayCount > 0 { reserve(child.arrayCount) }
            var element = child.firstElement
            for index in 0..<child.arrayCount {
                if index > 0 { element = element.nextSibling }
                if element.isObject {
                    append(try with(element, at: position, index: index) { try read(T.self, element) })
                } else {
                    append(try decodeItself(T.self, element, at: position, index: index))
                }
            }
        }
    }

    /// The model at the decoder's position, `object`.
    @inline(__always)
    private func read<T: JSONObjectDecodable>(_ type: T.Type, _ object: JSONNode) throws -> T {
        #if DEBUG
            JSONObjectReader.documentReads?.withLock { $0 += 1 }
            JSONObjectReader.directModelReads?.withLock { $0 += 1 }
        #endif
        return try T.readJSONObject(JSONObjectReader(decoder: self, object: object, path: currentPath))
    }
}
