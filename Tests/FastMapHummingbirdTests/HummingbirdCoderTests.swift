#if Hummingbird
    import FastMapHummingbird
    import FastMapTestSupport
    import Foundation
    import Hummingbird
    import Testing

    /// The coders through Hummingbird itself: `request.decode(as:context:)` with FastMap as the
    /// context's decoder, and a `ResponseEncodable` answered through FastMap's encoder.
    @Suite struct HummingbirdCoderTests {
        func router() -> Router<FastMapContext> {
            let router = Router(context: FastMapContext.self)
            router.post("echo") { request, context -> Reading in
                var reading = try await request.decode(as: Reading.self, context: context)
                reading.score *= 2
                return reading
            }
            return router
        }

        @Test func decodesTheRequestAndEncodesTheResponse() async throws {
            try await withServer(router()) { client in
                let response = try await client.post("/echo", json: Array(#"{"id":1,"name":"a","score":1.5}"#.utf8))
                #expect(response.status == 200)
                #expect(response.headers["content-type"] == "application/json; charset=utf-8")
                #expect(response.headers["content-length"] == String(response.body.count))
                #expect(try JSONDecoder().decode(Reading.self, from: Data(response.body)).score == 3)
            }
        }

        @Test func badBodiesAnswer400WithHummingbirdsMessages() async throws {
            try await withServer(router()) { client in
                let mismatch = try await client.post("/echo", json: Array(#"{"id":1,"name":"a","score":"x"}"#.utf8))
                #expect(mismatch.status == 400)
                #expect(mismatch.text.contains("Type mismatch for `score` key"))
                let missing = try await client.post("/echo", json: Array(#"{"id":1,"name":"a"}"#.utf8))
                #expect(missing.status == 400)
                #expect(missing.text.contains("score"))
                let malformed = try await client.post("/echo", json: Array(#"{"id":1,"name":"a" "score":1}"#.utf8))
                #expect(malformed.status == 400)
                // Foundation's words, as with JSONDecoder: the position is in the underlying
                // error (for the log), not in the client's message.
                #expect(malformed.text.contains("The given data was not valid JSON"))
            }
        }

        @Test func aBodyOverTheUploadLimitAnswers413() async throws {
            try await withServer(router()) { client in
                let big = Array("{\"id\":1,\"name\":\"\(String(repeating: "a", count: 5000))\",\"score\":1}".utf8)
                let response = try await client.send("POST", "/echo", body: .chunked([big]))
                #expect(response.status == 413)
            }
        }
    }
#endif
