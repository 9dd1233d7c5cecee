import Foundation

/// Where a stream's elements come from, a batch at a time. A class, so that the public
/// iterator can hold any source without knowing its type.
protocol ElementBatchSource: AnyObject {
    /// The next batch; nil at the end.
    /// - Throws: ``StreamingStop`` when the input is not the expected document (after every
    ///   batch before the problem), `CancellationError`, or the source's own errors.
    func nextBatch() async throws -> ElementBatch?

    /// Stops reading: the consumer will ask for nothing more.
    func cancel()
}

/// How a chunk of a byte sequence lends its bytes to the streaming parser (``JSONInput/with(_:_:)-(Bytes,_)``
/// for `ContiguousBytes`, a `ByteBuffer`'s span in FastMapNIO).
package typealias ChunkLending<Chunk> = (Chunk, (JSONInput) -> Void) -> Void

/// Elements parsed from an `AsyncSequence` of byte chunks, strictly on demand: the next chunk
/// is requested only when every element of the previous ones has been taken, and not at all
/// once the consuming task is cancelled.
final class ChunkElementSource<Chunks: AsyncSequence>: ElementBatchSource {
    private var source: Chunks.AsyncIterator
    private let parser: StreamingParser
    private let lend: ChunkLending<Chunks.Element>
    private var chunk: Chunks.Element?
    private var chunkOffset = 0
    private var ended = false

    init(
        chunks: Chunks, lending lend: @escaping ChunkLending<Chunks.Element>, mode: StreamingMode, maximumDepth: Int,
        memoryLimit: Int? = nil, parser engine: JSONParser = .simdjson,
        schemas: (@Sendable () -> JSONSparseSchema?)? = nil
    ) throws(FastMapError) {
        source = chunks.makeAsyncIterator()
        self.lend = lend
        parser = try StreamingParser(mode: mode, maximumDepth: maximumDepth, memoryLimit: memoryLimit, parser: engine)
        if let schemas { parser.filter(by: schemas) }
    }

    func nextBatch() async throws -> ElementBatch? {
        var elements: [StreamedElement] = []
        while elements.isEmpty {
            if ended {
                if let stop = parser.failure { throw stop }
                return nil
            }
            if let current = chunk {
                let offset = chunkOffset
                var (used, total) = (0, 0)
                lend(current) { input in
                    total = input.count
                    used = parser.feed(input.dropFirst(offset), into: &elements)
                }
                chunkOffset += used
                if chunkOffset >= total { chunk = nil }
                if parser.failure != nil { ended = true }
                continue
            }
            try Task.checkCancellation()
            if let next = try await source.next() {
                chunk = next
                chunkOffset = 0
            } else {
                parser.finish(into: &elements)
                ended = true
            }
        }
        return ElementBatch(elements)
    }

    func cancel() {
        ended = true
        chunk = nil
    }
}

/// Batches produced by an ``ElementPipeline`` (a file read and parsed on its own thread).
final class PipelineElementSource: ElementBatchSource {
    private let pipeline: ElementPipeline
    private var ended = false

    init(pipeline: ElementPipeline) {
        self.pipeline = pipeline
    }

    func nextBatch() async throws -> ElementBatch? {
        if ended { return nil }
        if Task.isCancelled {
            cancel()
            throw CancellationError()
        }
        let channel = pipeline.channel
        let item = await withTaskCancellationHandler {
            await channel.pop()
        } onCancel: {
            channel.cancel()
        }
        switch item {
        case .batch(let batch):
            return batch
        case .end(.finished):
            ended = true
            return nil
        case .end(.stopped(let stop)):
            ended = true
            throw stop
        case .end(.failed(let error)):
            ended = true
            throw error
        case .cancelled:
            ended = true
            throw CancellationError()
        }
    }

    func cancel() {
        ended = true
        pipeline.channel.cancel()
    }
}
