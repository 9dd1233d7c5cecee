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

        let makeSource: () throws -> any StreamedElementSource
        let decoding: ElementDecoding

        /// Starts reading the input.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(source: Result { try makeSource() }, decoding: decoding)
        }

        /// Reads, parses and decodes the elements on demand.
        public struct AsyncIterator: AsyncIteratorProtocol {
            private var source: Result<any StreamedElementSource, any Error>?
            private let decoding: ElementDecoding

            init(source: Result<any StreamedElementSource, any Error>, decoding: ElementDecoding) {
                self.source = source
                self.decoding = decoding
            }

            /// The next decoded element, or nil after the last one.
            public mutating func next() async throws -> Element? {
                guard let current = source else { return nil }
                do {
                    let elements = try current.get()
                    while let element = try await elements.next() {
                        if let value = try decoding.decode(Element.self, element) { return value }
                    }
                    source = nil
                    return nil
                } catch let stop as StreamingStop {
                    source = nil
                    throw decoding.error(for: stop)
                } catch {
                    // After an error the iteration is over; dropping the source frees what it holds.
                    source = nil
                    throw error
                }
            }
        }
    }

    // MARK: Arrays

    /// The elements of the array at `path` in a file, decoded as `T` one at a time.
    ///
    /// The file is read and parsed on a thread of its own while the elements are decoded
    /// where they are consumed, with a bounded number of parsed elements in between.
    ///
    /// ```swift
    /// for try await record in decoder.stream(Record.self, inArrayAt: "data", contentsOf: url) {
    ///     try await store(record)
    /// }
    /// ```
    /// - Parameters:
    ///   - path: where the array is: the top-level array by default, or a path of object keys
    ///     and array indices (`"data"`, `"result.items"`, `"pages[2]"`).
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
        chunkStream(mode: .array(path), chunks: chunks, policy: policy)
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
        chunkStream(mode: .lines, chunks: chunks, policy: policy)
    }

    // MARK: Sources

    private func fileStream<T: Decodable>(
        mode: StreamingMode, url: URL, policy: ElementErrorPolicy
    ) -> ElementStream<T> {
        let decoding = ElementDecoding(decoder: self, mode: mode, policy: policy)
        let depth = decoding.options.maximumDepth
        return ElementStream(
            makeSource: {
                PipelineElementSource(pipeline: try ElementPipeline(url: url, mode: mode, maximumDepth: depth))
            }, decoding: decoding)
    }

    private func chunkStream<T: Decodable, Chunks: AsyncSequence>(
        mode: StreamingMode, chunks: Chunks, policy: ElementErrorPolicy
    ) -> ElementStream<T> where Chunks.Element: ContiguousBytes {
        let decoding = ElementDecoding(decoder: self, mode: mode, policy: policy)
        let depth = decoding.options.maximumDepth
        return ElementStream(
            makeSource: { try ChunkElementSource(chunks: chunks, mode: mode, maximumDepth: depth) },
            decoding: decoding)
    }
}
