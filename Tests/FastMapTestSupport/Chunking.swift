// Chunkings of a byte stream, shared by the tokenizer's and the streaming decoder's tests.

/// Splits `bytes` into chunks of the given sizes (cycled), the last one taking the rest.
public func chunked(_ bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
    var chunks: [[UInt8]] = []
    var start = 0
    var turn = 0
    while start < bytes.count {
        let size = max(1, sizes[turn % sizes.count])
        let end = min(bytes.count, start + size)
        chunks.append(Array(bytes[start..<end]))
        start = end
        turn += 1
    }
    return chunks
}

/// Random chunk sizes between 1 and `limit`.
public func randomSizes(count: Int, limit: Int, seed: UInt64) -> [Int] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in Int.random(in: 1...limit, using: &generator) }
}
