import FastMapHummingbird
import Hummingbird

/// A refused upload: the body's problem (record index, byte offset) and how many of its
/// events were stored before it, so that a client can resend from there.
struct IngestFailure: HTTPResponseError {
    let error: FastJSONDecoder.BodyError
    let stored: Int

    var status: HTTPResponse.Status { error.status }

    /// `{"error": {"message": ..., "index": 3, "offset": 120, "line": 4, "stored": 3}}`.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try FastJSONEncoder().encode(Body(error: Detail(self)), from: request, context: context)
        response.status = status
        return response
    }

    private struct Body: Encodable {
        let error: Detail
    }

    private struct Detail: Encodable {
        let message: String
        let index: Int
        let offset: Int?
        let line: Int?
        let stored: Int

        init(_ failure: IngestFailure) {
            message = failure.error.description
            index = failure.error.index
            offset = failure.error.offset
            line = failure.error.line
            stored = failure.stored
        }
    }
}
