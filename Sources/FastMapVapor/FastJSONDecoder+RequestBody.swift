#if Vapor
    public import FastMapNIO
    public import Vapor

    // `ContentDecoder` and `ContentEncoder`: FastJSONDecoder and FastJSONEncoder are
    // `JSONDecoder` and `JSONEncoder` subclasses, so they inherit Vapor's own conformances
    // (`ContentConfiguration.global.use(decoder: FastJSONDecoder(), for: .json)`), whose
    // `decode`/`encode` calls run FastMap's overrides. Streaming a body is FastMap's own:
    extension FastJSONDecoder {
        /// The elements of the JSON array at `path` in the request's body, decoded as `T` while it
        /// arrives (see ``FastJSONDecoder/body(_:format:from:maximumSize:declaredSize:)``). The
        /// route must stream its body (`app.on(.POST, "events", body: .stream) { ... }`).
        ///
        /// A streamed body takes any size in bounded memory: only an explicit `maximumSize` limits
        /// it (a larger body, declared or received, stops the stream). The application's
        /// `routes.defaultMaxBodySize` is Vapor's limit for collected bodies and does not apply
        /// here, as Vapor does not apply it to `body: .stream` routes. Every problem is thrown as a
        /// ``FastJSONDecoder/BodyError``, which Vapor answers with 413 or 400 and the record's
        /// index and byte offset.
        public func stream<T: Decodable>(
            _ type: T.Type, inArrayAt path: JSONKeyPath = .root, from request: Request, maximumSize: Int? = nil
        ) -> BodyStream<T> {
            body(type, format: .array(at: path), from: request, maximumSize: maximumSize)
        }

        /// The values of a newline-delimited JSON request body, decoded as `T` while it arrives,
        /// with the limits and errors of ``stream(_:inArrayAt:from:maximumSize:)``.
        public func lines<T: Decodable>(_ type: T.Type, from request: Request, maximumSize: Int? = nil) -> BodyStream<T>
        {
            body(type, format: .lines, from: request, maximumSize: maximumSize)
        }

        /// The records of the request's body in `format`, with the limits and errors of
        /// ``stream(_:inArrayAt:from:maximumSize:)``.
        public func body<T: Decodable>(
            _ type: T.Type, format: BodyFormat, from request: Request, maximumSize: Int? = nil
        ) -> BodyStream<T> {
            let declared = request.headers.first(name: .contentLength).flatMap { Int($0) }
            return body(type, format: format, from: request.body, maximumSize: maximumSize, declaredSize: declared)
        }
    }
#endif
