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
    /// anything but an array takes ``unwrap(_:as:at:_:)``.
    func readModels<T: JSONObjectDecodable>(
        _ child: JSONNode, as type: [T].Type, at reference: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> [T] {
        guard child.isArray, readsDocuments, options.hook == nil, !skipsInvalidArrayElements else {
            return try unwrap(child, as: type, at: reference, step)
        }
        return try with(child, at: reference, step) {
            let position = currentPath
            var result: [T] = []
            result.reserveCapacity(child.arrayCount)
            var element = child.firstElement
            for index in 0..<child.arrayCount {
                if index > 0 { element = element.nextSibling }
                if element.isObject {
                    result.append(try with(element, at: position, index: index) { try read(T.self, element) })
                } else {
                    result.append(try decodeItself(T.self, element, at: position, index: index))
                }
            }
            return result
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
