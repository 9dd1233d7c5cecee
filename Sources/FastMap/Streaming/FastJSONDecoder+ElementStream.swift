import Foundation

extension FastJSONDecoder {
    /// The decoded elements of a huge array or of newline-delimited JSON, one at a time.
    ///
    /// Made by ``FastJSONDecoder/stream(_:inArrayAt:contentsOf:onError:)``,
    /// ``FastJSONDecoder/stream(_:inArrayAt:from:onError:)`` and the `lines` methods. Memory
    /// stays bounded however long the input: elements are parsed as the consumer asks for
    /// them, and each is freed once the consumer is done with it. Each iteration reads the
    /// input anew.
    ///
    /// Iteration throws the error of a failing element (under the ``ElementErrorPolicy/throw``
    /// policy), or, after every element before the problem, a `DecodingError` for input that
    /// is not the expected document, with the byte offset in its description and a
    /// ``FastMapError`` (line, column, offset) as `underlyingError`. Cancelling the consuming
    /// task stops the reading; iteration then throws `CancellationError`.
    public struct ElementStream<Element: Decodable>: AsyncSequence {
        /// Any error: a `DecodingError`, a ``FastMapError`` of kind `io` for a file that cannot
        /// be read, `CancellationError`, or what the chunk sequence throws.
        public typealias Failure = any Error

        let makeSource: () throws -> any ElementBatchSource
        let decoding: ElementDecoding

        /// Starts reading the input.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(source: Result { try makeSource() }, decoding: decoding)
        }

        /// Reads, parses and decodes the elements on demand.
        public struct AsyncIterator: AsyncIteratorProtocol {
            private var source: Result<any ElementBatchSource, any Error>?
            private let decoding: ElementDecoding
            private var batch: [StreamedElement] = []
            /// The batch's outcomes, when the parsing thread decoded it already.
            private var outcomes: [ElementOutcome<Element>]?
            private var head = 0
            /// The decoder handed from element to element when this iterator decodes them.
            private let spare = SpareTreeDecoder()

            init(source: Result<any ElementBatchSource, any Error>, decoding: ElementDecoding) {
                self.source = source
                self.decoding = decoding
            }

            /// The next decoded element, or nil after the last one.
            public mutating func next() async throws -> Element? {
                guard let current = source else { return nil }
                do {
                    let elements = try current.get()
                    while true {
                        if Task.isCancelled {
                            elements.cancel()
                            throw CancellationError()
                        }
                        if head < batch.count {
                            let position = head
                            let element = batch[position]
                            head += 1
                            if let outcomes {
                                if let value = try decoding.apply(outcomes[position], element) { return value }
                            } else if let value = try decoding.decodedNow(Element.self, element, spare: spare) {
                                return value
                            }
                            continue
                        }
                        guard let next = try await elements.nextBatch() else { break }
                        batch = next.elements
                        outcomes = decoding.outcomes(next.decoded, of: Element.self, for: batch)
                        head = 0
                    }
                    finish()
                    return nil
                } catch let stop as StreamingStop {
                    finish()
                    throw decoding.error(for: stop)
                } catch {
                    finish()
                    throw error
                }
            }

            /// After the end or an error the iteration is over; dropping the source and the
            /// batch frees what they hold.
            private mutating func finish() {
                if case .success(let elements) = source { elements.cancel() }
                source = nil
                batch = []
                outcomes = nil
            }
        }
    }

    // MARK: Arrays

    /// The elements of the array at `path` in a file, decoded as `T` one at a time.
    ///
    /// The file is read and parsed on a thread of its own, with a bounded number of elements
    /// in between; elements are decoded where they are consumed, or on the reading thread when
    /// it is ahead (so `T`'s `init(from:)` may run on either).
    ///
    /// ```swift
    /// for try await record in decoder.stream(Record.self, inArrayAt: "data", contentsOf: url) {
    ///     try await store(record)
    /// }
    /// ```
    /// - Parameters:
    ///   - type: the type each element is decoded as.
    ///   - path: where the array is: the top-level array by default, or a path of object keys
    ///     and array indices (`"data"`, `"result.items"`, `"pages[2]"`).
    ///   - url: the file holding the JSON text.
    ///   - policy: what to do with elements that fail to decode.
    public func stream<T: Decodable>(
        _ type: T.Type, inArrayAt path: JSONKeyPath = .root, contentsOf url: URL,
        onError policy: ElementErrorPolicy = .throw
    ) -> ElementStream<T> {
        fileStream(mode: .array(path), url: url, policy: policy)
    }

    /// The elements of the array at `path` in JSON text arriving as byte chunks (`[UInt8]`,
    /// `ArraySlice<UInt8>`, `Data`, ...) of any size, decoded as `T` one at a time.
    ///
    /// Reading is driven by the consumer: the next chunk is requested only when the elements
    /// of the previous ones have all been consumed, so a slow consumer slows the producer
    /// down instead of filling memory; cancelling the consuming task stops the requests.
    public func stream<T: Decodable, Chunks: AsyncSequence>(
        _ type: T.Type, inArrayAt path: JSONKeyPath = .root, from chunks: Chunks,
        onError policy: ElementErrorPolicy = .throw
    ) -> ElementStream<T> where Chunks.Element: ContiguousBytes {
        stream(type, mode: .array(path), from: chunks, onError: policy, lending: { JSONInput.with($0, $1) })
    }

    // MARK: Lines

    /// The values of a newline-delimited JSON (JSON Lines) file, decoded as `T` one at a time.
    ///
    /// Blank lines are skipped. A line that is not valid JSON fails as an element does: it is
    /// thrown, skipped or collected under `policy`, and its error names its line number.
    /// Errors of lines carry the coding path of the line's own value.
    public func lines<T: Decodable>(
        _ type: T.Type, contentsOf url: URL, onError policy: ElementErrorPolicy = .throw
    ) -> ElementStream<T> {
        fileStream(mode: .lines, url: url, policy: policy)
    }

    /// The values of newline-delimited JSON arriving as byte chunks, decoded as `T` one at a
    /// time, with the consumer-driven reading of ``stream(_:inArrayAt:from:onError:)``.
    public func lines<T: Decodable, Chunks: AsyncSequence>(
        _ type: T.Type, from chunks: Chunks, onError policy: ElementErrorPolicy = .throw
    ) -> ElementStream<T> where Chunks.Element: ContiguousBytes {
        stream(type, mode: .lines, from: chunks, onError: policy, lending: { JSONInput.with($0, $1) })
    }

    // MARK: Sources

    private func fileStream<T: Decodable>(
        mode: StreamingMode, url: URL, policy: ElementErrorPolicy
    ) -> ElementStream<T> {
        let decoding = ElementDecoding(decoder: self, mode: mode, policy: policy)
        let depth = decoding.options.maximumDepth
        let memoryLimit = decoding.options.memoryLimit
        let engine = decoding.options.parser
        let schemas = decoding.schemaSource(for: T.self)
        return ElementStream(
            makeSource: {
                let pipeline = try ElementPipeline(
                    url: url, mode: mode, maximumDepth: depth, memoryLimit: memoryLimit, parser: engine,
                    decodeAhead: decoding.batchDecoding(T.self), schemas: schemas)
                return PipelineElementSource(pipeline: pipeline)
            }, decoding: decoding)
    }

    /// The elements of a chunk stream in `mode` (an array at a path, or lines), each chunk's bytes
    /// lent by `lend`: the chunk streams above, and FastMapNIO's `ByteBuffer` sequences.
    package func stream<T: Decodable, Chunks: AsyncSequence>(
        _ type: T.Type, mode: StreamingMode, from chunks: Chunks, onError policy: ElementErrorPolicy,
        lending lend: @escaping ChunkLending<Chunks.Element>
    ) -> ElementStream<T> {
        let decoding = ElementDecoding(decoder: self, mode: mode, policy: policy)
        let depth = decoding.options.maximumDepth
        let memoryLimit = decoding.options.memoryLimit
        let engine = decoding.options.parser
        let schemas = decoding.schemaSource(for: T.self)
        return ElementStream(
            makeSource: {
                try ChunkElementSource(
                    chunks: chunks, lending: lend, mode: mode, maximumDepth: depth, memoryLimit: memoryLimit,
                    parser: engine, schemas: schemas)
            },
            decoding: decoding)
    }
}
