#if NIO
    import FastMap
    import NIOCore

    extension ByteBuffer {
        /// Lends a buffer's readable bytes to the streaming parser, which reads the buffer's own
        /// storage (no copy) through its span.
        static func lendReadableBytes(_ buffer: ByteBuffer, to body: (JSONInput) -> Void) {
            JSONInput.with(buffer.readableBytesSpan, body)
        }
    }

    /// Thrown by ``ByteBufferChunks`` when the body goes past its limit: the chunk that crosses it
    /// is never handed on, so nothing beyond the limit is parsed or kept.
    struct BodyLimitExceeded: Error {
        let limit: Int
    }

    /// The buffers of a chunk sequence, refusing more than `maximumSize` bytes in all.
    struct ByteBufferChunks<Base: AsyncSequence>: AsyncSequence where Base.Element == ByteBuffer {
        typealias Element = ByteBuffer
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

            mutating func next() async throws -> ByteBuffer? {
                guard let buffer = try await base.next() else { return nil }
                received += buffer.readableBytes
                if let maximumSize, received > maximumSize { throw BodyLimitExceeded(limit: maximumSize) }
                return buffer
            }
        }
    }
#endif
