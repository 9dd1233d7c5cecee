import Foundation

/// A bounded first-in first-out hand-over of element batches from one producer thread to one
/// consumer (a thread or a task). The producer blocks while the channel is full, which is
/// what bounds memory; the consumer blocks (or suspends) while it is empty.
final class BatchChannel: @unchecked Sendable {
    /// How a stream ended.
    enum End: Sendable {
        case finished
        case stopped(StreamingStop)
        case failed(FastMapError)
    }

    enum Item: Sendable {
        case batch([StreamedElement])
        case end(End)
        /// The consumer cancelled the channel.
        case cancelled
    }

    private let condition = NSCondition()
    private var batches: [[StreamedElement]] = []
    private var end: End?
    private var cancelled = false
    private var producerExited = false
    private var waiter: CheckedContinuation<Void, Never>?
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    // MARK: Producer

    /// Appends a batch, waiting while the channel is full. Returns false once the consumer
    /// has cancelled: the producer should stop.
    func push(_ batch: [StreamedElement]) -> Bool {
        condition.lock()
        while batches.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else {
            condition.unlock()
            return false
        }
        batches.append(batch)
        let resumed = takeWaiter()
        condition.unlock()
        resumed?.resume()
        return true
    }

    /// Records how the stream ended (after the last batch).
    func close(_ end: End) {
        condition.lock()
        if self.end == nil { self.end = end }
        let resumed = takeWaiter()
        condition.unlock()
        resumed?.resume()
    }

    /// Called by the producer as its very last action.
    func producerDidExit() {
        condition.lock()
        producerExited = true
        condition.broadcast()
        condition.unlock()
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    // MARK: Consumer

    /// The next batch or the end, waiting for the producer.
    func pop() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && end == nil && !cancelled { condition.wait() }
        return takeLocked()
    }

    /// The next batch or the end, suspending until the producer delivers.
    func pop() async -> Item {
        while true {
            if let item = popIfReady() { return item }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if !park(continuation) { continuation.resume() }
            }
        }
    }

    /// Stops the producer and drops the queued batches (their trees are freed).
    func cancel() {
        condition.lock()
        cancelled = true
        let dropped = batches
        batches.removeAll()
        let resumed = takeWaiter()
        condition.unlock()
        resumed?.resume()
        _ = dropped  // released here, outside the lock
    }

    /// Waits until the producer thread has finished, so everything it held is freed.
    func waitForProducer() {
        condition.lock()
        while !producerExited { condition.wait() }
        condition.unlock()
    }

    // MARK: Locked helpers

    private func popIfReady() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        if batches.isEmpty && end == nil && !cancelled { return nil }
        return takeLocked()
    }

    /// Registers the suspended consumer; false when there is already something to take.
    private func park(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if !batches.isEmpty || end != nil || cancelled { return false }
        waiter = continuation
        return true
    }

    private func takeLocked() -> Item {
        if cancelled { return .cancelled }
        if !batches.isEmpty {
            let batch = batches.removeFirst()
            condition.broadcast()
            return .batch(batch)
        }
        return .end(end ?? .finished)
    }

    private func takeWaiter() -> CheckedContinuation<Void, Never>? {
        condition.broadcast()
        defer { waiter = nil }
        return waiter
    }
}
