@_spi(FastMapCore) import FastMapCore

/// The tree decoder one streaming loop hands from each element to the next (see
/// ``JSONTreeDecoder/park()``): one per loop that decodes, never shared between threads (the
/// consumer's loop has its own, and so does each batch decoded ahead on the parsing thread).
final class SpareTreeDecoder {
    /// A parked decoder, or nil before the first element and while one is in use.
    private var decoder: JSONTreeDecoder?
    /// How many elements got the spare decoder instead of a new one.
    private(set) var handedOn = 0

    init() {}

    /// A decoder for `root`: the parked one pointed at it, or a new one.
    func take(root: JSON, options: FastJSONDecoder.Options, sparse: SparseDecodingSession?) -> JSONTreeDecoder {
        guard let decoder else {
            // The loop's `decodeValue` finishes the decoder's keyed containers after each element.
            let decoder = JSONTreeDecoder(root: root, options: options, input: nil, sparse: sparse)
            decoder.trackKeyedContainers()
            return decoder
        }
        self.decoder = nil
        handedOn += 1
        decoder.restart(at: root, sparse: sparse)
        decoder.trackKeyedContainers()
        return decoder
    }

    /// Parks `decoder`, which nothing else holds, for the next element.
    func keep(_ decoder: JSONTreeDecoder) {
        decoder.park()
        self.decoder = decoder
    }
}
