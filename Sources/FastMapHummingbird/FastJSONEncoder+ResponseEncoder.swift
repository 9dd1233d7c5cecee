#if Hummingbird
    public import FastMapNIO
    public import Hummingbird

    extension FastJSONEncoder: ResponseEncoder {
        /// Encodes `value` as the response, as Hummingbird's `JSONEncoder` does: status 200,
        /// `Content-Type: application/json; charset=utf-8` and the body's length.
        public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws
            -> Response
        {
            var buffer = ByteBuffer()
            let count = try encode(value, into: &buffer)
            var headers = HTTPFields()
            headers.reserveCapacity(4)
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.contentLength] = String(count)
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: buffer))
        }
    }
#endif
