#if NIO
    public import FastMap
    import Foundation
    public import NIOCore
    import Synchronization

    extension FastJSONDecoder {
        /// The records of a request body, decoded as `T` while the body arrives, in bounded memory.
        ///
        /// Made by ``body(_:format:from:maximumSize:declaredSize:)`` (and by the Hummingbird and
        /// Vapor helpers built on it). It stops at the first problem and throws a ``BodyError``
        /// naming the record's index and byte offset; the records before it have been delivered.
        /// Each iteration reads the body anew (a request body can be read once).
        public struct BodyStream<Element: Decodable>: AsyncSequence {
            /// A ``BodyError``, `CancellationError`, or what the body's sequence throws.
            public typealias Failure = any Error

            let makeElements: (FirstFailure) -> ElementStream<Element>
            let maximumSize: Int?
            let declaredSize: Int?

            /// Starts reading the body.
            public func makeAsyncIterator() -> AsyncIterator {
                let failure = FirstFailure()
                return AsyncIterator(
                    base: makeElements(failure).makeAsyncIterator(), failure: failure, maximumSize: maximumSize,
                    declaredSize: declaredSize)
            }

            /// Reads, parses and decodes the records on demand.
            public struct AsyncIterator: AsyncIteratorProtocol {
                var base: ElementStream<Element>.AsyncIterator
                let failure: FirstFailure
                let maximumSize: Int?
                let declaredSize: Int?
                var delivered = 0
                var done = false

                /// The next record, or nil after the last one.
                public mutating func next() async throws -> Element? {
                    if done { return nil }
                    if delivered == 0, let maximumSize, let declaredSize, declaredSize > maximumSize {
                        // Refused on its declared length, before a byte of it is read.
                        done = true
                        throw BodyError(reason: .tooLarge(limit: maximumSize), index: 0, offset: nil, line: nil)
                    }
                    do {
                        let value = try await base.next()
                        if let first = failure.take() {
                            done = true
                            throw BodyError(
                                reason: .invalidRecord(first.error), index: first.index, offset: first.offset,
                                line: first.line)
                        }
                        guard let value else {
                            done = true
                            return nil
                        }
                        delivered += 1
                        return value
                    } catch let error as BodyError {
                        throw error
                    } catch let error as BodyLimitExceeded {
                        done = true
                        throw BodyError(reason: .tooLarge(limit: error.limit), index: delivered, offset: nil, line: nil)
                    } catch let error as DecodingError {
                        done = true
                        let location = BodyError.location(of: error)
                        throw BodyError(
                            reason: .malformed(error), index: delivered, offset: location?.offset, line: location?.line)
                    }
                }
            }
        }

        /// The records of a body arriving as `ByteBuffer`s, decoded as `T` while it arrives, with
        /// every problem reported as a ``BodyError`` (index and byte offset of the record).
        ///
        /// - Parameters:
        ///   - format: a JSON array (at a path) or newline-delimited JSON.
        ///   - chunks: the body (Hummingbird's `request.body`, Vapor's `req.body`, any sequence of
        ///     buffers). Read in place and on demand, so the sender is held back by backpressure.
        ///   - maximumSize: the most bytes accepted; the buffer that crosses it is refused
        ///     unparsed and iteration throws ``BodyError/Reason/tooLarge(limit:)``.
        ///   - declaredSize: the body's declared length (`Content-Length`), refused up front when
        ///     it is over `maximumSize`.
        public func body<T: Decodable, Chunks: AsyncSequence>(
            _ type: T.Type, format: BodyFormat, from chunks: Chunks, maximumSize: Int? = nil,
            declaredSize: Int? = nil
        ) -> BodyStream<T> where Chunks.Element == ByteBuffer {
            BodyStream(
                makeElements: { failure in
                    let limited = ByteBufferChunks(chunks, maximumSize: maximumSize)
                    let policy = ElementErrorPolicy.collect { failure.record($0) }
                    let mode: StreamingMode =
                        switch format {
                        case .array(let path): .array(path)
                        case .lines: .lines
                        }
                    return self.stream(
                        type, mode: mode, from: limited, onError: policy, lending: ByteBuffer.lendReadableBytes)
                }, maximumSize: maximumSize, declaredSize: declaredSize)
        }
    }

    extension FastJSONDecoder.BodyError {
        /// Where a stream-ending `DecodingError` points, from its underlying ``FastMapError``.
        static func location(of error: DecodingError) -> FastMapError.SourceLocation? {
            let context: DecodingError.Context
            switch error {
            case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
                .dataCorrupted(let found):
                context = found
            @unknown default:
                return nil
            }
            return (context.underlyingError as? FastMapError)?.location
        }
    }

    /// The first record that failed to decode in one body iteration. The streaming decoder hands
    /// failures to it (under `.collect`) before delivering the next record; the iterator takes it.
    final class FirstFailure: Sendable {
        private let first = Mutex<FastJSONDecoder.ElementFailure?>(nil)

        func record(_ failure: FastJSONDecoder.ElementFailure) {
            first.withLock { if $0 == nil { $0 = failure } }
        }

        func take() -> FastJSONDecoder.ElementFailure? {
            first.withLock { $0 }
        }
    }
#endif
