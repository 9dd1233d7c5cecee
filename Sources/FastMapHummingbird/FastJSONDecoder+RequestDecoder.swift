#if Hummingbird
    public import FastMapNIO
    public import Hummingbird

    extension FastJSONDecoder: RequestDecoder {
        /// Decodes the request's body as `T`, as Hummingbird's `JSONDecoder` does: the body is
        /// collected up to the context's `maxUploadSize` (a larger one is refused with 413 without
        /// buffering the rest), then read in place.
        ///
        /// Set it as a context's `requestDecoder` so that `request.decode(as:context:)` uses it; a
        /// bad body then answers 400 with Hummingbird's message for the `DecodingError`.
        public func decode<T: Decodable>(
            _ type: T.Type, from request: Request, context: some RequestContext
        ) async throws -> T {
            let buffer = try await request.body.collect(upTo: context.maxUploadSize)
            return try decode(T.self, from: buffer)
        }

        /// The elements of the JSON array at `path` in the request's body, decoded as `T` while it
        /// arrives (see ``FastJSONDecoder/body(_:format:from:maximumSize:declaredSize:)``).
        ///
        /// The body may be up to the context's `maxUploadSize`; a larger one (declared or
        /// received) stops the stream. Every problem is thrown as a ``FastJSONDecoder/BodyError``,
        /// which answers 413 or 400 with the record's index and byte offset.
        /// ```swift
        /// router.post("events") { request, context in
        ///     var count = 0
        ///     for try await _ in decoder.stream(Event.self, from: request, context: context) { count += 1 }
        ///     return "\(count)"
        /// }
        /// ```
        public func stream<T: Decodable>(
            _ type: T.Type, inArrayAt path: JSONKeyPath = .root, from request: Request, context: some RequestContext
        ) -> BodyStream<T> {
            body(type, format: .array(at: path), from: request, context: context)
        }

        /// The values of a newline-delimited JSON request body, decoded as `T` while it arrives,
        /// with the limits and errors of ``stream(_:inArrayAt:from:context:)``.
        public func lines<T: Decodable>(
            _ type: T.Type, from request: Request, context: some RequestContext
        ) -> BodyStream<T> {
            body(type, format: .lines, from: request, context: context)
        }

        /// The records of the request's body in `format`, with the limits and errors of
        /// ``stream(_:inArrayAt:from:context:)``.
        public func body<T: Decodable>(
            _ type: T.Type, format: BodyFormat, from request: Request, context: some RequestContext
        ) -> BodyStream<T> {
            let declared = request.headers[.contentLength].flatMap { Int($0) }
            return body(
                type, format: format, from: request.body, maximumSize: context.maxUploadSize, declaredSize: declared)
        }
    }
#endif
