#if Hummingbird
    public import FastMapNIO
    public import Hummingbird

    extension FastJSONDecoder.BodyError: HTTPResponseError {
        /// 413 for a body over the limit, 400 for one that is not the expected records.
        public var status: HTTPResponse.Status { isTooLarge ? .contentTooLarge : .badRequest }

        /// The response Hummingbird's `HTTPError` gives, with ``description`` (record index and
        /// byte offset) as its message.
        public func response(from request: Request, context: some RequestContext) throws -> Response {
            try HTTPError(status, message: description).response(from: request, context: context)
        }
    }
#endif
