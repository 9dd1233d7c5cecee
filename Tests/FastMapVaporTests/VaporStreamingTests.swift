#if Vapor
    import FastMapTestSupport
    import FastMapVapor
    import Foundation
    import Testing
    import Vapor

    /// `req.body` streamed into models through a real Vapor server.
    @Suite struct VaporStreamingTests {
        func routes(_ app: Application) {
            let decoder = FastJSONDecoder()
            app.on(.POST, "array", body: .stream) { req async throws -> String in
                var sum = 0
                for try await reading in decoder.stream(Reading.self, from: req) { sum += reading.id }
                return "\(sum)"
            }
            app.on(.POST, "lines", body: .stream) { req async throws -> String in
                var sum = 0
                for try await reading in decoder.lines(Reading.self, from: req) { sum += reading.id }
                return "\(sum)"
            }
            app.on(.POST, "limited", body: .stream) { req async throws -> String in
                var sum = 0
                for try await reading in decoder.lines(Reading.self, from: req, maximumSize: 4096) { sum += reading.id }
                return "\(sum)"
            }
        }

        @Test func streamsArraysAndLinesSentInPieces() async throws {
            try await withVapor(routes) { client in
                let pieces = chunked(try readingsText(40, lines: false), sizes: [17, 300])
                let fromArray = try await client.send("POST", "/array", body: .chunked(pieces))
                #expect(fromArray.status == 200)
                #expect(fromArray.text == "780")
                let fromLines = try await client.post("/lines", json: try readingsText(40, lines: true))
                #expect(fromLines.text == "780")
            }
        }

        @Test func aBadRecordAnswers400WithItsIndexAndOffset() async throws {
            try await withVapor(routes) { client in
                let text = "{\"id\":0,\"name\":\"a\",\"score\":1}\n{\"id\":1,\"name\":\"b\",\"score\":\"x\"}\n"
                let response = try await client.post("/lines", json: Array(text.utf8))
                #expect(response.status == 400)
                #expect(response.text.contains("record 1 at byte 30"))
            }
        }

        /// A streamed body is limited only by the call's `maximumSize`, not by
        /// `routes.defaultMaxBodySize` (4096 bytes here), which Vapor applies to collected bodies.
        @Test func onlyAnExplicitMaximumSizeLimitsAStreamedBody() async throws {
            try await withVapor(routes) { client in
                let large = try readingsText(2000, lines: true)
                #expect(large.count > 4096 * 10)
                let unlimited = try await client.send("POST", "/lines", body: .chunked(chunked(large, sizes: [512])))
                #expect(unlimited.status == 200)
                #expect(unlimited.text == "\((0..<2000).reduce(0, +))")
                let whole = try await client.post("/array", json: try readingsText(2000, lines: false))
                #expect(whole.status == 200)

                // Refused on its Content-Length before a byte is read (Vapor answers once the client has
                // sent its request).
                let declared = try await client.post("/limited", json: try readingsText(200, lines: true))
                #expect(declared.status == 413)
                let pieces = chunked(try readingsText(400, lines: true), sizes: [512])
                let streamed = try await client.send("POST", "/limited", body: .chunked(pieces))
                #expect(streamed.status == 413)
            }
        }
    }
#endif
