#if NIO
    public import FastMap
    public import NIOCore

    extension FastJSONDecoder {
        /// Decodes a value of type `T` from the readable bytes of `buffer`, read in place: the
        /// buffer is not copied, and its reader index does not move.
        ///
        /// - Throws: the `DecodingError`s of ``FastJSONDecoder/decode(_:from:)-(_,Data)``.
        ///
        /// Disfavored because NIOFoundationCompat declares the same method on `JSONDecoder`: in a
        /// file that imports both, that one is chosen instead of an ambiguity, and it ends in
        /// FastMap's `decode(_:from: Data)` override on an uncopied view of the buffer.
        @_disfavoredOverload
        public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
            try JSONInput.with(buffer.readableBytesSpan) { try decode(type, input: $0, at: nil) }
        }

        /// Decodes the value found at `path` in the readable bytes of `buffer`, read in place.
        public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer, at path: JSONKeyPath) throws -> T {
            try JSONInput.with(buffer.readableBytesSpan) { try decode(type, input: $0, at: path) }
        }

        /// The elements of the array at `path` in JSON text arriving as `ByteBuffer`s (a request
        /// body, a channel's inbound stream), decoded as `T` one at a time.
        ///
        /// Each buffer is parsed in place, never copied, and the next one is requested only when
        /// the elements of the previous ones have been consumed: a slow consumer slows the sender
        /// down through the sequence's own backpressure instead of filling memory.
        ///
        /// ```swift
        /// for try await event in decoder.stream(Event.self, from: request.body) {
        ///     try await store(event)
        /// }
        /// ```
        public func stream<T: Decodable, Chunks: AsyncSequence>(
            _ type: T.Type, inArrayAt path: JSONKeyPath = .root, from chunks: Chunks,
            onError policy: ElementErrorPolicy = .throw
        ) -> ElementStream<T> where Chunks.Element == ByteBuffer {
            stream(
                type, mode: .array(path), from: ByteBufferChunks(chunks, maximumSize: nil), onError: policy,
                lending: ByteBuffer.lendReadableBytes)
        }

        /// The values of newline-delimited JSON arriving as `ByteBuffer`s, decoded as `T` one at a
        /// time, with the in-place, consumer-driven reading of
        /// ``stream(_:inArrayAt:from:onError:)-(_,_,Chunks,_)``.
        public func lines<T: Decodable, Chunks: AsyncSequence>(
            _ type: T.Type, from chunks: Chunks, onError policy: ElementErrorPolicy = .throw
        ) -> ElementStream<T> where Chunks.Element == ByteBuffer {
            stream(
                type, mode: .lines, from: ByteBufferChunks(chunks, maximumSize: nil), onError: policy,
                lending: ByteBuffer.lendReadableBytes)
        }
    }
#endif
