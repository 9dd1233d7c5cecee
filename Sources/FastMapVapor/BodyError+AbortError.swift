#if Vapor
    public import FastMapNIO
    public import Vapor

    extension FastJSONDecoder.BodyError: AbortError {
        /// 413 for a body over the limit, 400 for one that is not the expected records.
        public var status: HTTPResponseStatus { isTooLarge ? .payloadTooLarge : .badRequest }

        /// The message Vapor's error middleware sends: ``description`` (record index and byte offset).
        public var reason: String { description }
    }
#endif
