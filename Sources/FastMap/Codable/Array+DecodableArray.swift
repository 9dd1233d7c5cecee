@_spi(FastMapCore) import FastMapCore

extension Array: LossyDecodableArray where Element: Decodable {
    package static func decodeSkippingInvalidElements(
        _ decoder: JSONTreeDecoder, _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> Self {
        // Only the elements are lossy: the array itself must be there and be an array.
        guard node.isArray else { throw decoder.containerMismatch([Any].self, node: node, at: path, step) }
        return try decoder.with(node, at: path, step) {
            var result: [Element] = []
            result.reserveCapacity(node.arrayCount)
            try decoder.appendElements(of: node, as: Element.self, at: decoder.currentPath, into: &result) { error in
                // Dropped: a report passed to this decode call learns which and why.
                JSONDecodingReport.collector(of: decoder.options)?.add(error, at: decoder.codingPath, .droppedElement)
            }
            return result
        }
    }
}

extension Array: DecodableArray where Element: Decodable {
    package static func decodeElements(
        _ decoder: JSONTreeDecoder, _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> Self {
        // `node` is an array (other values take `Array.init(from:)` and its errors).
        try decoder.with(node, at: path, step) {
            var result: [Element] = []
            result.reserveCapacity(node.arrayCount)
            try decoder.appendElements(of: node, as: Element.self, at: decoder.currentPath, into: &result) { error in
                throw error
            }
            return result
        }
    }
}
