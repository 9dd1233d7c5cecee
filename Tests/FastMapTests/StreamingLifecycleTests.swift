import FastMapTestSupport
import Foundation
import Synchronization
import Testing

@testable import FastMap

/// A file of `count` small records, one per line inside a top-level array.
private func recordFile(count: Int) throws -> TemporaryFile {
    var generator = RecordTextGenerator(seed: 99)
    var text = "[\n"
    for n in 0..<count {
        if n > 0 { text += ",\n" }
        text += generator.text(of: generator.record(n))
    }
    return try TemporaryFile(text: text + "\n]\n")
}

@Suite("Streaming lifecycle")
struct StreamingLifecycleTests {
    @Test func earlyStopFreesEverything() throws {
        let file = try recordFile(count: 5000)
        defer { file.remove() }
        weak var weakParser: StreamingParser?
        weak var weakReader: FileChunkReader?
        weak var weakArena: JSONArena?
        var seen = 0
        do {
            // Small chunks and batches, so that the producer is well ahead when the consumer stops.
            let reader = try FileChunkReader(url: file.url, chunkSize: 4096)
            let parser = try StreamingParser(mode: .array(.root), maximumDepth: 512)
            weakReader = reader
            weakParser = parser
            let pipeline = ElementPipeline(reader: reader, parser: parser, batchSize: 16, capacity: 4)
            try pipeline.forEach { element in
                if case .value(let json) = element.payload, weakArena == nil { weakArena = json.document.cells.arena }
                seen += 1
                return seen < 3
            }
        }
        #expect(seen == 3)
        #expect(weakParser == nil, "the parser is freed when forEach returns")
        #expect(weakReader == nil, "the file is closed when forEach returns")
        #expect(weakArena == nil, "elements read ahead are freed")
    }

    /// A consumer slower than the reader lets the reading thread decode ahead: every element
    /// still arrives once, in order, in both forms.
    @Test func decodingAheadKeepsOrder() async throws {
        let count = 4000
        let file = try recordFile(count: count)
        defer { file.remove() }
        // The records of `recordFile`, made in the same order.
        var generator = RecordTextGenerator(seed: 99)
        let expected = (0..<count).map { n in
            let record = generator.record(n)
            _ = generator.text(of: record)
            return record
        }
        let decoder = recordDecoder()
        var streamed: [StreamRecord] = []
        for try await record in decoder.stream(StreamRecord.self, contentsOf: file.url) {
            streamed.append(record)
            if streamed.count % 250 == 0 { try await Task.sleep(nanoseconds: 2_000_000) }
        }
        #expect(streamed == expected)
        var each: [StreamRecord] = []
        try decoder.forEach(StreamRecord.self, contentsOf: file.url) { record in
            each.append(record)
            if each.count % 250 == 0 { Thread.sleep(forTimeInterval: 0.002) }
        }
        #expect(each == expected)
    }

    @Test func stopFlagEndsForEach() throws {
        let file = try recordFile(count: 2000)
        defer { file.remove() }
        var ids: [Int] = []
        let count = try recordDecoder().forEach(StreamRecord.self, contentsOf: file.url) { record, stop in
            ids.append(record.id)
            stop = ids.count == 10
        }
        #expect(count == 10 && ids.count == 10)
    }

    @Test func throwingBodyEndsForEach() throws {
        struct Enough: Error {}
        let file = try recordFile(count: 2000)
        defer { file.remove() }
        var seen = 0
        #expect(throws: Enough.self) {
            try recordDecoder().forEach(StreamRecord.self, contentsOf: file.url) { _ in
                seen += 1
                if seen == 7 { throw Enough() }
            }
        }
        #expect(seen == 7)
    }

    /// The next chunk is requested only when the consumer asks for more, and never after the
    /// consuming task is cancelled.
    @Test func cancellingTheConsumerStopsReading() async throws {
        let chunks = CountingChunks(chunks: ["[1,", "2,", "3,", "4,", "5]"].map { Array($0.utf8) })
        let (consumed, consumedSignal) = AsyncStream<Void>.makeStream()
        let (gate, gateSignal) = AsyncStream<Void>.makeStream()
        let stream = FastJSONDecoder().stream(Int.self, from: chunks)
        let task = Task {
            var received: [Int] = []
            do {
                for try await value in stream {
                    received.append(value)
                    consumedSignal.yield()
                    for await _ in gate { break }
                }
                return (received, nil as (any Error)?)
            } catch {
                return (received, error)
            }
        }
        for await _ in consumed { break }
        #expect(chunks.requests.count == 1, "one element needed one chunk")
        task.cancel()
        gateSignal.yield()
        let (received, error) = await task.value
        #expect(received == [1])
        #expect(error is CancellationError)
        #expect(chunks.requests.count == 1)
    }

    @Test func breakingOutOfTheLoopReadsNoMore() async throws {
        let chunks = CountingChunks(
            chunks: (0..<100).map { Array(($0 == 0 ? "[\($0)" : ",\($0)").utf8) } + [Array("]".utf8)])
        var received: [Int] = []
        for try await value in FastJSONDecoder().stream(Int.self, from: chunks) {
            received.append(value)
            if received.count == 5 { break }
        }
        #expect(received == [0, 1, 2, 3, 4])
        // A number ends only at the byte after it, so element 4 needed the sixth chunk.
        #expect(chunks.requests.count == 6)
    }

    @Test func cancellingAFileStreamStopsTheProducer() async throws {
        let file = try recordFile(count: 5000)
        defer { file.remove() }
        weak var weakParser: StreamingParser?
        weak var weakReader: FileChunkReader?
        let pipeline = try {
            let reader = try FileChunkReader(url: file.url, chunkSize: 4096)
            let parser = try StreamingParser(mode: .array(.root), maximumDepth: 512)
            weakReader = reader
            weakParser = parser
            return ElementPipeline(reader: reader, parser: parser, batchSize: 16, capacity: 2)
        }()
        let source = PipelineElementSource(pipeline: pipeline)
        let (consumed, consumedSignal) = AsyncStream<Void>.makeStream()
        let (gate, gateSignal) = AsyncStream<Void>.makeStream()
        let task = Task {
            var count = 0
            do {
                while try await source.nextBatch() != nil {
                    count += 1
                    consumedSignal.yield()
                    for await _ in gate { break }
                }
                return (count, nil as (any Error)?)
            } catch {
                return (count, error)
            }
        }
        for await _ in consumed { break }
        task.cancel()
        gateSignal.yield()
        let (count, error) = await task.value
        #expect(count == 1, "one batch")
        #expect(error is CancellationError)
        // Returns only once the producer thread has ended.
        pipeline.channel.waitForProducer()
        #expect(weakParser == nil && weakReader == nil)
    }

    /// Cancelling a task that consumes a file stream through the public API ends its loop
    /// with `CancellationError`, long before the end of the file.
    @Test func cancellingTheTaskEndsAFileStream() async throws {
        let count = 20_000
        let file = try recordFile(count: count)
        defer { file.remove() }
        let stream = recordDecoder().stream(StreamRecord.self, contentsOf: file.url)
        let (consumed, consumedSignal) = AsyncStream<Void>.makeStream()
        let (gate, gateSignal) = AsyncStream<Void>.makeStream()
        let task = Task {
            var received = 0
            do {
                for try await _ in stream {
                    received += 1
                    if received == 1 {
                        consumedSignal.yield()
                        for await _ in gate { break }
                    }
                }
                return (received, nil as (any Error)?)
            } catch {
                return (received, error)
            }
        }
        for await _ in consumed { break }
        task.cancel()
        gateSignal.yield()
        let (received, error) = await task.value
        #expect(error is CancellationError)
        // What was decoded ahead of the cancellation may still be delivered, not the whole file.
        #expect(received < count)
    }

    /// Breaking out of `for try await` over a file stream drops the iterator: the reading
    /// thread stops and closes the file, and what it read ahead is freed.
    @Test func breakingOutOfFileStreamsFreesEverything() async throws {
        let file = try recordFile(count: 3000)
        defer { file.remove() }
        let decoder = recordDecoder()
        func breakEarly() async throws {
            for try await _ in decoder.stream(StreamRecord.self, contentsOf: file.url) { break }
        }
        // The reading threads of the last streams finish on their own (each waits at most one
        // poll interval); measure once they have, so their 1 MB buffers are not counted.
        func producersFinished() async throws {
            for _ in 0..<250 where openDescriptors(of: file.url) > 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        for _ in 0..<100 { try await breakEarly() }
        try await producersFinished()
        releaseFreeMemoryToSystem()
        let before = residentMemoryBytes()
        for _ in 0..<100 { try await breakEarly() }
        try await producersFinished()
        releaseFreeMemoryToSystem()
        // A leak of what one stream reads ahead (hundreds of records) would add tens of MB.
        #expect(residentMemoryBytes() - before < residentGrowthBound(3_000_000))
        // Every producer closed its file; a leak would leave 200 open.
        #expect(openDescriptors(of: file.url) == 0)
    }

    @Test func earlyStopsKeepMemoryFlat() throws {
        let file = try recordFile(count: 3000)
        defer { file.remove() }
        let decoder = recordDecoder()
        func stopEarly() throws {
            try decoder.forEach(StreamRecord.self, contentsOf: file.url) { _, stop in stop = true }
        }
        // Every call leaves its read-ahead to be freed on another thread; the C allocator's
        // per-thread pools take a while to settle, so warm them up and hand back free pages.
        for _ in 0..<150 { try stopEarly() }
        releaseFreeMemoryToSystem()
        let before = residentMemoryBytes()
        for _ in 0..<150 { try stopEarly() }
        releaseFreeMemoryToSystem()
        // A leak of what one call reads ahead (hundreds of records) would add tens of MB.
        #expect(residentMemoryBytes() - before < residentGrowthBound(3_000_000))
    }
}

/// How many of this process's file descriptors are open on `url`.
private func openDescriptors(of url: URL) -> Int {
    let folder = "/proc/self/fd"
    let target = url.resolvingSymlinksInPath().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { name in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) == target
    }.count
}
