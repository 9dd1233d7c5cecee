import Foundation

/// Elements parsed in one go, handed from the parsing thread to the consumer as a unit.
///
/// When the parsing thread is ahead of the consumer, it decodes waiting batches itself
/// (``decoded`` then holds the outcomes), so that both threads share the decoding work.
///
/// `@unchecked Sendable`: `elements` is immutable; `state` and `decoded` are only written by the
/// channel with its lock held, and the consumer reads `decoded` only after taking the batch
/// from the channel (under the same lock).
final class ElementBatch: @unchecked Sendable {
    enum State {
        case waiting
        case decoding
        case decoded
    }

    let elements: [StreamedElement]
    /// Guarded by the channel's lock while the batch is queued.
    fileprivate var state = State.waiting
    /// The decoded outcomes, when the parsing thread decoded the batch (written before the
    /// batch leaves the channel, read only after).
    private(set) var decoded: Any?

    init(_ elements: [StreamedElement]) {
        self.elements = elements
    }

    fileprivate func store(_ outcomes: Any) {
        decoded = outcomes
    }
}

/// Decodes the elements of a batch for the consumer, on the thread that parsed them.
protocol BatchDecoding: Sendable {
    /// The outcomes, in the form the consumer expects them.
    func outcomes(of elements: [StreamedElement]) -> Any
}

/// A bounded first-in first-out hand-over of element batches from one producer thread to one
/// consumer (a thread or a task). The producer blocks while the channel is full, which is
/// what bounds memory; while it waits, it decodes queued batches for the consumer. The
/// consumer blocks (or suspends) while the channel is empty.
///
/// `@unchecked Sendable`: every mutable property is only read or written with `condition`
/// locked (`capacity` is immutable).
final class BatchChannel: @unchecked Sendable {
    /// How a stream ended.
    enum End: Sendable {
        case finished
        case stopped(StreamingStop)
        case failed(FastMapError)
    }

    enum Item: Sendable {
        case batch(ElementBatch)
        case end(End)
        /// The consumer cancelled the channel.
        case cancelled
    }

    /// Decodes a batch's elements into outcomes (on the producer's thread).
    typealias Decode = any BatchDecoding

    private let condition = NSCondition()
    private var batches: [ElementBatch] = []
    private var end: End?
    private var cancelled = false
    private var producerExited = false
    private var waiter: CheckedContinuation<Void, Never>?
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    // MARK: Producer

    /// Appends a batch. While the channel is full, decodes the newest waiting batch with
    /// `decode` (when given), else waits. Returns false once the consumer has cancelled: the
    /// producer should stop.
    func push(_ batch: ElementBatch, decode: Decode?) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !cancelled else { return false }
        batches.append(batch)
        wakeConsumer()
        while batches.count >= capacity && !cancelled {
            guard let decode, let helped = batches.last(where: { $0.state == .waiting }) else {
                condition.wait()
                continue
            }
            helped.state = .decoding
            condition.unlock()
            let outcomes = decode.outcomes(of: helped.elements)
            condition.lock()
            helped.store(outcomes)
            helped.state = .decoded
            wakeConsumer()
        }
        return !cancelled
    }

    /// Records how the stream ended (after the last batch).
    func close(_ end: End) {
        condition.lock()
        if self.end == nil { self.end = end }
        wakeConsumer()
        condition.unlock()
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
        while !isReady { condition.wait() }
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
        wakeConsumer()
        condition.unlock()
        _ = dropped  // released here, outside the lock
    }

    /// Waits until the producer thread has finished, so everything it held is freed.
    func waitForProducer() {
        condition.lock()
        while !producerExited { condition.wait() }
        condition.unlock()
    }

    // MARK: Locked helpers

    /// Something to take: a batch nobody is decoding, the end, or the cancellation.
    private var isReady: Bool {
        if cancelled { return true }
        if let first = batches.first { return first.state != .decoding }
        return end != nil
    }

    private func popIfReady() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        return isReady ? takeLocked() : nil
    }

    /// Registers the suspended consumer; false when there is already something to take.
    private func park(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if isReady { return false }
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

    /// Wakes whoever waits for the channel: a blocked thread, a suspended task. Called with
    /// the lock held (resuming only schedules the task).
    private func wakeConsumer() {
        condition.broadcast()
        waiter?.resume()
        waiter = nil
    }
}
