#if NIO
    import Foundation
    import NIOCore

    /// A `ByteBuffer`'s readable bytes as `ContiguousBytes`, so the streaming parser reads the
    /// buffer's own storage (no copy).
    struct ByteBufferBytes: ContiguousBytes {
        let buffer: ByteBuffer

        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try buffer.withUnsafeReadableBytes(body)
        }
    }

    /// Thrown by ``ByteBufferChunks`` when the body goes past its limit: the chunk that crosses it
    /// is never handed on, so nothing beyond the limit is parsed or kept.
    struct BodyLimitExceeded: Error {
        let limit: Int
    }

    /// The buffers of a chunk sequence as ``ByteBufferBytes``, refusing more than `maximumSize`
    /// bytes in all.
    struct ByteBufferChunks<Base: AsyncSequence>: AsyncSequence where Base.Element == ByteBuffer {
        typealias Element = ByteBufferBytes
        typealias Failure = any Error

        let base: Base
        let maximumSize: Int?

        init(_ base: Base, maximumSize: Int?) {
            self.base = base
            self.maximumSize = maximumSize
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: base.makeAsyncIterator(), maximumSize: maximumSize)
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: Base.AsyncIterator
            let maximumSize: Int?
            var received = 0

            mutating func next() async throws -> ByteBufferBytes? {
                guard let buffer = try await base.next() else { return nil }
                received += buffer.readableBytes
                if let maximumSize, received > maximumSize { throw BodyLimitExceeded(limit: maximumSize) }
                return ByteBufferBytes(buffer: buffer)
            }
        }
    }
#endif
