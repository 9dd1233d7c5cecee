@_spi(FastMapCore) import FastMapCore

/// The tree decoder one streaming loop hands from each element to the next (see
/// ``JSONTreeDecoder/park()``): one per loop that decodes, never shared between threads (the
/// consumer's loop has its own, and so does each batch decoded ahead on the parsing thread).
final class SpareTreeDecoder {
    /// A parked decoder, or nil before the first element and while one is in use.
    private var decoder: JSONTreeDecoder?
    /// How many elements got the spare decoder instead of a new one.
    private(set) var handedOn = 0
    /// The last element's filtered session, while nothing but this holds it.
    private var filteredSession: SparseDecodingSession?

    init() {}

    /// A decoder for `root`: the parked one pointed at it, or a new one.
    func take(root: JSON, options: FastJSONDecoder.Options, sparse: SparseDecodingSession?) -> JSONTreeDecoder {
        if decoder != nil { handedOn += 1 }
        let taken = JSONTreeDecoder.reusing(decoder, root: root, options: options, input: nil, sparse: sparse)
        decoder = nil
        return taken
    }

    /// Parks `decoder`, which nothing else holds, for the next element.
    func keep(_ decoder: JSONTreeDecoder) {
        decoder.park()
        self.decoder = decoder
    }

    /// A filtered session over `schema` for the next element: the last one started again when
    /// nothing else holds it (a parked decoder no longer does), else a new one.
    func session(filteredBy schema: JSONSparseSchema) -> SparseDecodingSession {
        if filteredSession?.schema === schema, isKnownUniquelyReferenced(&filteredSession),
            let session = filteredSession
        {
            session.restartFiltered()
            return session
        }
        let session = SparseDecodingSession(filteredBy: schema)
        filteredSession = session
        return session
    }
}
