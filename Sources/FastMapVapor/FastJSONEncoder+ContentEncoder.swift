#if Vapor
    public import FastMapNIO
    public import Vapor

    extension FastJSONEncoder: ContentEncoder {
        /// Writes `encodable` into `body` as JSON and sets `Content-Type: application/json`, as
        /// Vapor's `JSONEncoder` does.
        ///
        /// ```swift
        /// ContentConfiguration.global.use(encoder: FastJSONEncoder(), for: .json)
        /// ```
        public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
            headers.contentType = .json
            try encode(encodable, into: &body)
        }

        /// Writes `encodable` with `userInfo` merged into the encoder's own (on a copy, so a shared
        /// encoder is never changed).
        public func encode<E: Encodable>(
            _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders,
            userInfo: [CodingUserInfoKey: any Sendable]
        ) throws {
            headers.contentType = .json
            let encoder = userInfo.isEmpty ? self : copy(mergingUserInfo: userInfo)
            try encoder.encode(encodable, into: &body)
        }
    }
#endif
