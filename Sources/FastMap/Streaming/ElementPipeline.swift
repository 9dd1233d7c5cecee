import Foundation

/// Reads and parses a file on a thread of its own while the consumer maps the elements on
/// another: the work runs on two cores, in order, with at most `capacity` batches of
/// `batchSize` elements between them. Decoding usually costs more than parsing, so when the
/// reading thread gets ahead it decodes queued batches too (`decodeAhead`).
final class ElementPipeline: Sendable {
    static let defaultBatchSize = 256
    static let defaultCapacity = 8

    let channel: BatchChannel

    /// Opens the file and starts the producer thread.
    /// - Throws: ``FastMapError`` of kind `io` when the file cannot be opened.
    convenience init(
        url: URL, mode: StreamingMode, maximumDepth: Int, memoryLimit: Int? = nil,
        parser engine: JSONParser = .simdjson,
        decodeAhead: BatchChannel.Decode? = nil, schemas: (@Sendable () -> JSONSparseSchema?)? = nil
    ) throws(FastMapError) {
        let parser = try StreamingParser(
            mode: mode, maximumDepth: maximumDepth, memoryLimit: memoryLimit, parser: engine)
        if let schemas { parser.filter(by: schemas) }
        self.init(reader: try FileChunkReader(url: url), parser: parser, decodeAhead: decodeAhead)
    }

    /// Starts the producer thread on `reader` and `parser`, which it releases when it ends.
    init(
        reader: FileChunkReader, parser: StreamingParser, batchSize: Int = ElementPipeline.defaultBatchSize,
        capacity: Int = ElementPipeline.defaultCapacity, decodeAhead: BatchChannel.Decode? = nil
    ) {
        let channel = BatchChannel(capacity: capacity)
        self.channel = channel
        let batchSize = max(1, batchSize)
        let resources = ProducerResources(reader: reader, parser: parser)
        ProducerThreads.shared.run {
            Self.produce(resources, channel: channel, batchSize: batchSize, decodeAhead: decodeAhead)
        }
    }

    /// What the producer owns. Emptied when it ends, so that the file is closed and the
    /// parser (with the arena it builds in) freed at once, whoever still holds the thread.
    ///
    /// `@unchecked Sendable`: made by the pipeline's `init` and handed once to the producer job,
    /// which alone reads and clears it; the pipeline keeps no reference.
    private final class ProducerResources: @unchecked Sendable {
        var reader: FileChunkReader?
        var parser: StreamingParser?

        init(reader: FileChunkReader, parser: StreamingParser) {
            self.reader = reader
            self.parser = parser
        }
    }

    deinit {
        channel.cancel()
    }

    private static func produce(
        _ resources: ProducerResources, channel: BatchChannel, batchSize: Int, decodeAhead: BatchChannel.Decode?
    ) {
        if let reader = resources.reader, let parser = resources.parser {
            resources.reader = nil
            resources.parser = nil
            run(reader: reader, parser: parser, channel: channel, batchSize: batchSize, decodeAhead: decodeAhead)
        }
        // `run` has returned: the reader and the parser are gone.
        channel.producerDidExit()
    }

    private static func run(
        reader: FileChunkReader, parser: StreamingParser, channel: BatchChannel, batchSize: Int,
        decodeAhead: BatchChannel.Decode?
    ) {
        func push(_ elements: [StreamedElement]) -> Bool {
            channel.push(ElementBatch(elements), decode: decodeAhead)
        }
        var batch: [StreamedElement] = []
        batch.reserveCapacity(batchSize * 2)
        do {
            reading: while !channel.isCancelled {
                // Waits for input in short slices, so a stop or a cancellation ends the thread
                // (and frees the descriptor, the buffer and the parser) even when a pipe's
                // writer stays silent.
                guard var chunk = try reader.next(stopRequested: { channel.isCancelled }) else { return }
                if chunk.isEmpty {
                    parser.finish(into: &batch)
                    break
                }
                while !chunk.isEmpty {
                    let used = parser.feed(chunk, into: &batch)
                    chunk = chunk.dropFirst(used)
                    if batch.count >= batchSize {
                        guard push(batch) else { return }
                        batch = []
                        batch.reserveCapacity(batchSize * 2)
                    }
                    if parser.failure != nil { break reading }
                }
            }
        } catch {
            if !batch.isEmpty { guard push(batch) else { return } }
            channel.close(.failed(error))
            return
        }
        if channel.isCancelled { return }
        if !batch.isEmpty { guard push(batch) else { return } }
        channel.close(parser.failure.map { .stopped($0) } ?? .finished)
    }

    /// Hands each batch to `body` in order until it returns false. Stops the producer and
    /// waits for it before returning or throwing, so nothing outlives the call.
    /// - Throws: what `body` throws; then ``StreamingStop`` or ``FastMapError`` (I/O).
    func forEachBatch(_ body: (ElementBatch) throws -> Bool) throws {
        defer {
            channel.cancel()
            channel.waitForProducer()
        }
        while true {
            switch channel.pop() {
            case .batch(let batch):
                guard try body(batch) else { return }
            case .end(.finished), .cancelled:
                return
            case .end(.stopped(let stop)):
                throw stop
            case .end(.failed(let error)):
                throw error
            }
        }
    }
}

extension ElementPipeline {
    /// Hands each element to `body` in order until it returns false (see ``forEachBatch(_:)``).
    func forEach(_ body: (StreamedElement) throws -> Bool) throws {
        try forEachBatch { batch in
            for element in batch.elements {
                guard try body(element) else { return false }
            }
            return true
        }
    }
}
