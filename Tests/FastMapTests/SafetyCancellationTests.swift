import Dispatch
import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

#if canImport(Glibc)
    import Glibc
#endif

/// A FIFO whose writer sends the start of an array and then stays silent, watching (without
/// writing) for the reading end to be closed, for `holdSeconds` at most; then it closes.
private final class SilentWriter: @unchecked Sendable {
    let url: URL
    private let done = DispatchSemaphore(value: 0)
    private let closedAt = LockedValue<ContinuousClock.Instant?>(nil)

    init(elements: Int, holdSeconds: Int = 10) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FastMapFIFO-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("input.json")
        guard mkfifo(url.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let path = url.path
        let head = Array(("[" + (0..<elements).map(String.init).joined(separator: ",") + ",").utf8)
        Thread { [self] in
            let clock = ContinuousClock()
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else {
                done.signal()
                return
            }
            head.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            let start = clock.now
            // The write end of a pipe polls POLLERR once the read end is closed.
            while start.duration(to: clock.now) < .seconds(holdSeconds) {
                var watch = pollfd(fd: descriptor, events: 0, revents: 0)
                if poll(&watch, 1, 5) > 0 && watch.revents & Int16(POLLERR) != 0 {
                    closedAt.withLock { $0 = clock.now }
                    break
                }
            }
            close(descriptor)
            done.signal()
        }.start()
    }

    /// Waits for the writer to finish; returns when the reading end was closed (nil: it was
    /// still open when the writer gave up).
    func readerClosedAt() -> ContinuousClock.Instant? {
        done.wait()
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        return closedAt.withLock { $0 }
    }
}

/// Issue #15, item 5: stopping `forEach` or cancelling a `stream` on a pipe whose writer is
/// silent returns promptly and closes the input, instead of waiting for the writer.
@Suite("Safety: stopping and cancelling on silent input", .serialized)
struct SafetyCancellationTests {
    @Test func stoppingForEachDoesNotWaitForTheWriter() throws {
        let writer = try SilentWriter(elements: 1_000)
        let clock = ContinuousClock()
        let start = clock.now
        var seen: [Int] = []
        let delivered = try FastJSONDecoder().forEach(Int.self, contentsOf: writer.url) { value, stop in
            seen.append(value)
            stop = true
        }
        let stopped = clock.now
        let closed = writer.readerClosedAt()
        #expect(delivered == 1 && seen == [0])
        // The writer stays silent for 10 s: returning earlier means the read was interrupted.
        #expect(start.duration(to: stopped) < .seconds(5), "forEach took \(start.duration(to: stopped))")
        #expect(closed.map { stopped.duration(to: $0) < .seconds(5) } == true, "the input stayed open")
    }

    @Test func cancellingAStreamReleasesTheInput() async throws {
        let writer = try SilentWriter(elements: 1_000)
        let url = writer.url
        let task = Task { () -> (Int, Bool) in
            var count = 0
            do {
                for try await _ in FastJSONDecoder().stream(Int.self, contentsOf: url) {
                    count += 1
                    withUnsafeCurrentTask { $0?.cancel() }
                }
                return (count, false)
            } catch is CancellationError {
                return (count, true)
            } catch {
                return (count, false)
            }
        }
        let (count, cancelled) = await task.value
        let stopped = ContinuousClock.now
        let closed = writer.readerClosedAt()
        #expect(count >= 1 && cancelled)
        #expect(closed.map { stopped.duration(to: $0) < .seconds(5) } == true, "the input stayed open")
    }
}
