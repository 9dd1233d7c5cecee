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
        /// A streamed body takes any size in bounded memory: only an explicit `maximumSize` limits
        /// it (a larger body, declared or received, stops the stream). The context's
        /// `maxUploadSize` is Hummingbird's limit for collecting a body and does not apply here.
        /// Every problem is thrown as a ``FastJSONDecoder/BodyError``, which answers 413 or 400
        /// with the record's index and byte offset.
        /// ```swift
        /// router.post("events") { request, context in
        ///     var count = 0
        ///     let events = decoder.stream(Event.self, from: request, context: context, maximumSize: 1 << 30)
        ///     for try await _ in events { count += 1 }
        ///     return "\(count)"
        /// }
        /// ```
        public func stream<T: Decodable>(
            _ type: T.Type, inArrayAt path: JSONKeyPath = .root, from request: Request, context: some RequestContext,
            maximumSize: Int? = nil
        ) -> BodyStream<T> {
            body(type, format: .array(at: path), from: request, context: context, maximumSize: maximumSize)
        }

        /// The values of a newline-delimited JSON request body, decoded as `T` while it arrives,
        /// with the limits and errors of ``stream(_:inArrayAt:from:context:maximumSize:)``.
        public func lines<T: Decodable>(
            _ type: T.Type, from request: Request, context: some RequestContext, maximumSize: Int? = nil
        ) -> BodyStream<T> {
            body(type, format: .lines, from: request, context: context, maximumSize: maximumSize)
        }

        /// The records of the request's body in `format`, with the limits and errors of
        /// ``stream(_:inArrayAt:from:context:maximumSize:)``.
        public func body<T: Decodable>(
            _ type: T.Type, format: BodyFormat, from request: Request, context: some RequestContext,
            maximumSize: Int? = nil
        ) -> BodyStream<T> {
            let declared = request.headers[.contentLength].flatMap { Int($0) }
            return body(type, format: format, from: request.body, maximumSize: maximumSize, declaredSize: declared)
        }
    }
#endif
