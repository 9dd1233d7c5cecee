import Foundation

/// Where a stream's elements come from. A class, so that the public iterator can hold any
/// source without knowing its type.
protocol StreamedElementSource: AnyObject {
    /// The next element; nil at the end.
    func next() async throws -> StreamedElement?
}

/// Elements parsed from an `AsyncSequence` of byte chunks, strictly on demand: the next chunk
/// is requested only when every element of the previous ones has been taken, and not at all
/// once the consuming task is cancelled.
final class ChunkElementSource<Chunks: AsyncSequence>: StreamedElementSource where Chunks.Element: ContiguousBytes {
    private var source: Chunks.AsyncIterator
    private let parser: StreamingParser
    private var pending: [StreamedElement] = []
    private var head = 0
    private var chunk: Chunks.Element?
    private var chunkOffset = 0
    private var ended = false

    init(chunks: Chunks, mode: StreamingMode, maximumDepth: Int) throws(FastMapError) {
        source = chunks.makeAsyncIterator()
        parser = try StreamingParser(mode: mode, maximumDepth: maximumDepth)
    }

    /// The next element; nil at the end.
    /// - Throws: ``StreamingStop`` when the input is not the expected document,
    ///   `CancellationError` when the task was cancelled, or what the chunk sequence throws.
    func next() async throws -> StreamedElement? {
        try Task.checkCancellation()
        while true {
            if head < pending.count {
                head += 1
                return pending[head - 1]
            }
            pending.removeAll(keepingCapacity: true)
            head = 0
            if ended {
                if let stop = parser.failure { throw stop }
                return nil
            }
            if let current = chunk {
                let (used, total) = current.withUnsafeBytes { bytes in
                    (parser.feed(UnsafeRawBufferPointer(rebasing: bytes[chunkOffset...]), into: &pending), bytes.count)
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
                parser.finish(into: &pending)
                ended = true
            }
        }
    }
}

/// Elements produced by an ``ElementPipeline`` (a file read and parsed on its own thread).
final class PipelineElementSource: StreamedElementSource {
    private let pipeline: ElementPipeline
    private var batch: [StreamedElement] = []
    private var head = 0
    private var ended = false

    init(pipeline: ElementPipeline) {
        self.pipeline = pipeline
    }

    /// The next element; nil at the end.
    /// - Throws: ``StreamingStop``, ``FastMapError`` (I/O) or `CancellationError`.
    func next() async throws -> StreamedElement? {
        if Task.isCancelled {
            pipeline.channel.cancel()
            throw CancellationError()
        }
        while true {
            if head < batch.count {
                head += 1
                return batch[head - 1]
            }
            batch = []
            head = 0
            if ended { return nil }
            try Task.checkCancellation()
            let channel = pipeline.channel
            let item = await withTaskCancellationHandler {
                await channel.pop()
            } onCancel: {
                channel.cancel()
            }
            switch item {
            case .batch(let elements):
                batch = elements
            case .end(.finished):
                ended = true
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
    }
}
