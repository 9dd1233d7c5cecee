/// Splits `bytes` into chunks of the given sizes (cycled), the last one taking the rest: a body
/// sent in pieces, as a slow or chunking client sends it.
func chunked(_ bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
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
