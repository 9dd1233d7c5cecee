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
///
/// The buffer is mapped directly rather than taken from `malloc`: it is large, lives exactly
/// as long as one stream and is usually freed on another thread, which would leave the C
/// allocator's per-thread pools holding memory after every stream.
///
/// `@unchecked Sendable`: `descriptor` and `buffer` never change after `init`; one thread reads
/// at a time (a pipeline hands the reader to its producer thread, which alone calls `next()`),
/// and the buffer is unmapped once, in `deinit`.
package final class FileChunkReader: @unchecked Sendable {
    package static let defaultChunkSize = 1 << 20

    private let descriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    package let path: String

    /// Opens `url` (a file URL).
    /// - Throws: ``FastMapError`` of kind `io` when the file cannot be opened.
    package init(url: URL, chunkSize: Int = FileChunkReader.defaultChunkSize) throws(FastMapError) {
        path = url.path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FastMapError(kind: .io, message: "cannot open \(url.path): \(String(cString: strerror(errno)))")
        }
        let size = max(1, chunkSize)
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else {
            close(descriptor)
            throw FastMapError(kind: .outOfMemory, message: "cannot allocate a \(size)-byte read buffer")
        }
        buffer = UnsafeMutableRawBufferPointer(start: mapped, count: size)
    }

    deinit {
        close(descriptor)
        munmap(buffer.baseAddress, buffer.count)
    }

    /// How long one wait for input lasts before `stopRequested` is asked again: a pipe or a
    /// socket whose writer is idle never blocks a stop or a cancellation for longer.
    package static let pollInterval: Int32 = 20

    /// The next chunk (valid until the next call), an empty buffer at the end of the file, or
    /// nil once `stopRequested` returns true while waiting for input (a FIFO or a socket
    /// whose writer has nothing to say yet). Regular files are always ready.
    /// - Throws: ``FastMapError`` of kind `io` when reading fails.
    package func next(stopRequested: () -> Bool = { false }) throws(FastMapError) -> JSONInput? {
        while true {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Self.pollInterval)
            if ready == 0 || (ready < 0 && errno == EINTR) {
                if stopRequested() { return nil }
                continue
            }
            if stopRequested() { return nil }
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return JSONInput(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
            if errno == EINTR { continue }
            throw FastMapError(kind: .io, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
    }
}
