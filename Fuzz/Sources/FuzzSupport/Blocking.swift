import Foundation

/// Holds the result of an async call for the thread that waits for it.
private final class ResultBox<Value>: @unchecked Sendable {
    // Written once by the task before it signals, read once after the wait.
    var value: Value?
}

/// Runs `body` on the cooperative pool and waits for it: libFuzzer's callback is synchronous.
public func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// A fixed list of byte chunks as an `AsyncSequence`, as a network reader would deliver them.
public struct ByteChunks: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    let chunks: [[UInt8]]

    /// Cuts `bytes` into pieces whose sizes follow `seed` (1 to 64 bytes, or a single piece).
    public init(_ bytes: [UInt8], seed: UInt8) {
        guard seed != 0 else {
            chunks = [bytes]
            return
        }
        var state = UInt32(seed) &* 2_654_435_761
        var pieces: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            state = state &* 1_664_525 &+ 1_013_904_223
            let size = Int(state >> 26) + 1
            let end = Swift.min(bytes.count, start + size)
            pieces.append(Array(bytes[start..<end]))
            start = end
        }
        chunks = pieces
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<[UInt8]>
        public mutating func next() async -> [UInt8]? { remaining.popFirst() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: chunks[...]) }
}
