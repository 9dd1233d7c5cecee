import Foundation

extension FastJSONDecoder {
    /// Decodes the elements of the array at `path` in a file one at a time, handing each to
    /// `body`, in bounded memory whatever the file's size.
    ///
    /// The file is read and parsed on a thread of its own while the elements are handed to
    /// `body` on the calling thread, in order. Elements are decoded on the calling thread, or
    /// on the reading thread when it is ahead (so `T`'s `init(from:)` may run on either).
    ///
    /// ```swift
    /// let count = try decoder.forEach(Record.self, inArrayAt: "data", contentsOf: url) { record in
    ///     try database.insert(record)
    /// }
    /// ```
    /// - Parameters:
    ///   - type: the type each element is decoded as.
    ///   - path: where the array is: the top-level array by default, or a path of object keys
    ///     and array indices (`"data"`, `"result.items"`, `"pages[2]"`).
    ///   - url: the file holding the JSON text.
    ///   - policy: what to do with elements that fail to decode.
    ///   - body: called with each element; what it throws ends the call and is rethrown.
    /// - Returns: the number of elements handed to `body`.
    /// - Throws: the error of a failing element (under ``ElementErrorPolicy/throw``), or,
    ///   after every element before the problem, a `DecodingError` for input that is not the
    ///   expected document (the path is missing or not an array, the text is malformed,
    ///   truncated or followed by more text) with the byte offset in its description and a
    ///   ``FastMapError`` (line, column, offset) as `underlyingError`. A file that cannot be
    ///   read throws a ``FastMapError`` of kind `io`.
    @discardableResult
    public func forEach<T: Decodable>(
        _ type: T.Type, inArrayAt path: JSONKeyPath = .root, contentsOf url: URL,
        onError policy: ElementErrorPolicy = .throw, _ body: (T) throws -> Void
    ) throws -> Int {
        try forEach(type, inArrayAt: path, contentsOf: url, onError: policy) { (element: T, _: inout Bool) in
            try body(element)
        }
    }

    /// Like ``forEach(_:inArrayAt:contentsOf:onError:_:)-(_,_,_,_,(T)->Void)``, with a `stop`
    /// flag: set it to `true` in `body` to end the call after this element. Reading stops and
    /// everything read ahead is freed before the call returns.
    ///
    /// ```swift
    /// var firstActive: Record?
    /// try decoder.forEach(Record.self, contentsOf: url) { record, stop in
    ///     if record.active { firstActive = record; stop = true }
    /// }
    /// ```
    @discardableResult
    public func forEach<T: Decodable>(
        _ type: T.Type, inArrayAt path: JSONKeyPath = .root, contentsOf url: URL,
        onError policy: ElementErrorPolicy = .throw, _ body: (_ element: T, _ stop: inout Bool) throws -> Void
    ) throws -> Int {
        let mode = StreamingMode.array(path)
        let decoding = ElementDecoding(decoder: self, mode: mode, policy: policy)
        let pipeline = try ElementPipeline(
            url: url, mode: mode, maximumDepth: decoding.options.maximumDepth,
            memoryLimit: decoding.options.memoryLimit, parser: decoding.options.parser,
            decodeAhead: decoding.batchDecoding(T.self), schemas: decoding.schemaSource(for: T.self))
        var delivered = 0
        let spare = SpareTreeDecoder()
        do {
            try pipeline.forEachBatch { batch in
                try decoding.deliver(type, batch.elements, decodedAhead: batch.decoded, spare: spare) { value in
                    var stop = false
                    delivered += 1
                    try body(value, &stop)
                    return !stop
                }
            }
        } catch let stop as StreamingStop {
            throw decoding.error(for: stop)
        }
        return delivered
    }
}
