#if Hummingbird
    import FastMapHummingbird
    import FastMapTestSupport
    import Foundation
    import Hummingbird
    import Testing

    /// `request.body` streamed into models through a real server: `decoder.stream` / `lines`.
    @Suite struct HummingbirdStreamingTests {
        func router() -> Router<FastMapContext> {
            let router = Router(context: FastMapContext.self)
            let decoder = FastJSONDecoder()
            router.post("array") { request, context -> String in
                var sum = 0
                for try await reading in decoder.stream(Reading.self, from: request, context: context) {
                    sum += reading.id
                }
                return "\(sum)"
            }
            router.post("lines") { request, context -> String in
                var sum = 0
                for try await reading in decoder.lines(Reading.self, from: request, context: context) {
                    sum += reading.id
                }
                return "\(sum)"
            }
            router.post("limited") { request, context -> String in
                var sum = 0
                let readings = decoder.lines(Reading.self, from: request, context: context, maximumSize: 4096)
                for try await reading in readings { sum += reading.id }
                return "\(sum)"
            }
            return router
        }

        @Test func streamsArraysAndLinesSentInPieces() async throws {
            try await withServer(router()) { client in
                let array = try readingsText(40, lines: false)
                let pieces = chunked(array, sizes: [17, 300])
                let fromArray = try await client.send("POST", "/array", body: .chunked(pieces))
                #expect(fromArray.status == 200)
                #expect(fromArray.text == "780")
                let fromLines = try await client.post("/lines", json: try readingsText(40, lines: true))
                #expect(fromLines.status == 200)
                #expect(fromLines.text == "780")
            }
        }

        @Test func aBadRecordAnswers400WithItsIndexAndOffset() async throws {
            try await withServer(router()) { client in
                let text = "{\"id\":0,\"name\":\"a\",\"score\":1}\n{\"id\":1,\"name\":\"b\",\"score\":\"x\"}\n"
                let response = try await client.post("/lines", json: Array(text.utf8))
                #expect(response.status == 400)
                #expect(response.text.contains("record 1 at byte 30"))
                let cut = try await client.post("/array", json: Array(#"[{"id":0,"name":"a","score":1},{"id":1,"#.utf8))
                #expect(cut.status == 400)
                #expect(cut.text.contains("record 1 at byte"))
            }
        }

        /// A streamed body is limited only by the call's `maximumSize`, not by the context's
        /// `maxUploadSize` (4096 bytes here), which is Hummingbird's limit for collecting one.
        @Test func onlyAnExplicitMaximumSizeLimitsAStreamedBody() async throws {
            try await withServer(router()) { client in
                let large = try readingsText(2000, lines: true)
                #expect(large.count > 4096 * 10)
                let unlimited = try await client.send("POST", "/lines", body: .chunked(chunked(large, sizes: [512])))
                #expect(unlimited.status == 200)
                #expect(unlimited.text == "\((0..<2000).reduce(0, +))")

                let declared = try await client.send("POST", "/limited", body: .declaredOnly(1 << 30))
                #expect(declared.status == 413)
                let pieces = chunked(try readingsText(400, lines: true), sizes: [512])
                let streamed = try await client.send("POST", "/limited", body: .chunked(pieces))
                #expect(streamed.status == 413)
                #expect(streamed.text.contains("limit of 4096 bytes"))
            }
        }
    }
#endif
