import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file in fixed-size chunks into one reused buffer, so a multi-gigabyte file costs
/// one chunk of memory.
final class FileChunkReader: @unchecked Sendable {
    static let defaultChunkSize = 1 << 20

    private let descriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    let path: String

    /// Opens `url` (a file URL).
    /// - Throws: ``FastMapError`` of kind `io` when the file cannot be opened.
    init(url: URL, chunkSize: Int = FileChunkReader.defaultChunkSize) throws(FastMapError) {
        path = url.path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FastMapError(kind: .io, message: "cannot open \(url.path): \(String(cString: strerror(errno)))")
        }
        buffer = .allocate(byteCount: max(1, chunkSize), alignment: 16)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// The next chunk (valid until the next call), or an empty buffer at the end of the file.
    /// - Throws: ``FastMapError`` of kind `io` when reading fails.
    func next() throws(FastMapError) -> UnsafeRawBufferPointer {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return UnsafeRawBufferPointer(rebasing: buffer[..<count]) }
            if errno == EINTR { continue }
            throw FastMapError(kind: .io, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }
}
