@_spi(FastMapCore) import FastMapCore

extension JSONTreeDecoder {
    /// Finishes a streamed element: the coding path is empty and the member cursors are fresh,
    /// as a new decoder's. What does not depend on the element stays: the storage of the path
    /// and cursors, the converted keys, the type lookups and `userInfo`. The decoder still
    /// points at the element's tree until ``restart(at:sparse:)`` points it at the next one
    /// (one element's tree, held by the loop's spare decoder only: pointing it at the `null`
    /// document in between cost two retains and releases per element, 3.9% of the 2-of-6
    /// streamed decode).
    ///
    /// Only for a decoder nothing else holds (checked by the caller with
    /// `isKnownUniquelyReferenced`) whose number texts no `superDecoder()` shares: anything
    /// that kept it could otherwise see the next element.
    package func park() {
        // The element's sparse session goes, so that the loop may start it again.
        sparse = nil
        path.pop(to: 0)
        // A cursor names its object by address, and the next element's tree may reuse the
        // addresses of this one's.
        memberCursors.reset()
    }

    /// Points a parked decoder at `root`, whose text is `input` (none for a streamed element or
    /// a tree built in code): it is then what a new decoder for them with the same options
    /// would be.
    package func restart(at root: JSON, input: JSONInput? = nil, sparse: SparseDecodingSession?) {
        document = root.document
        node = root.node
        self.sparse = sparse
        precondition(!sharing.isShared, "a shared decoder outlives its decode call")
    }

    /// Whether `decoder`, at the end of a call that made or took it, outlives the call (a model
    /// kept it, a container of it or a `superDecoder()`): the caller must then not reuse it.
    package static func outlivesCall(_ decoder: inout JSONTreeDecoder) -> Bool {
        !isKnownUniquelyReferenced(&decoder) || decoder.sharing.isShared
    }

    /// `parked` (a decoder made with `options` and parked) pointed at `root`, or a new decoder
    /// when there is none: the one way both spare holders, a streaming loop's and a
    /// `FastJSONDecoder`'s from call to call, hand a decoder out.
    package static func reusing(
        _ parked: JSONTreeDecoder?, root: JSON, options: FastJSONDecoder.Options, input: JSONInput?,
        sparse: SparseDecodingSession?
    ) -> JSONTreeDecoder {
        guard let parked else { return JSONTreeDecoder(root: root, options: options, input: input, sparse: sparse) }
        parked.restart(at: root, input: input, sparse: sparse)
        return parked
    }
}
