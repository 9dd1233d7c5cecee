#if Hummingbird
    public import FastMapNIO
    public import Hummingbird

    // `RequestDecoder` and `ResponseEncoder`: FastJSONDecoder and FastJSONEncoder are
    // `JSONDecoder` and `JSONEncoder` subclasses, so they inherit Hummingbird's own conformances
    // (the body collected up to `maxUploadSize`, 413 beyond it, 400 for a `DecodingError`; 200
    // with `application/json; charset=utf-8`), whose `decode`/`encode` calls run FastMap's
    // overrides. Streaming a body is FastMap's own:
    extension FastJSONDecoder {
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
