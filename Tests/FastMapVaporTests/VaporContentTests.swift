#if Vapor
    import FastMapTestSupport
    import FastMapVapor
    import Foundation
    import Testing
    import Vapor

    /// The coders through Vapor itself: `req.content.decode` and `Content` responses with FastMap's
    /// coders, per call and installed for `.json` in a `ContentConfiguration`.
    @Suite struct VaporContentTests {
        func routes(_ app: Application) {
            app.post("echo") { req async throws -> Response in
                var reading = try req.content.decode(Reading.self, using: FastJSONDecoder())
                reading.score *= 2
                let response = Response(status: .ok)
                try response.content.encode(reading, using: FastJSONEncoder())
                return response
            }
            app.post("configured") { req async throws -> Reading in
                var reading = try req.content.decode(Reading.self)
                reading.id += 1
                return reading
            }
        }

        @Test func decodesAndEncodesContent() async throws {
            try await withVapor(routes) { client in
                let response = try await client.post("/echo", json: Array(#"{"id":1,"name":"a","score":1.5}"#.utf8))
                #expect(response.status == 200)
                #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
                #expect(try JSONDecoder().decode(Reading.self, from: Data(response.body)).score == 3)
            }
        }

        @Test func worksAsTheConfiguredJSONCoders() async throws {
            var configuration = ContentConfiguration.default()
            configuration.use(decoder: FastJSONDecoder(), for: .json)
            configuration.use(encoder: FastJSONEncoder(), for: .json)
            #expect(try configuration.requireDecoder(for: .json) is FastJSONDecoder)
            #expect(try configuration.requireEncoder(for: .json) is FastJSONEncoder)
            let previous = ContentConfiguration.global
            ContentConfiguration.global = configuration
            defer { ContentConfiguration.global = previous }
            try await withVapor(routes) { client in
                let response = try await client.post("/configured", json: Array(#"{"id":1,"name":"a","score":1}"#.utf8))
                #expect(response.status == 200)
                #expect(try JSONDecoder().decode(Reading.self, from: Data(response.body)).id == 2)
            }
        }

        @Test func badBodiesAnswer400NamingPathAndPosition() async throws {
            try await withVapor(routes) { client in
                let mismatch = try await client.post("/echo", json: Array(#"{"id":1,"name":"a","score":"x"}"#.utf8))
                #expect(mismatch.status == 400)
                #expect(mismatch.text.contains("score"))
                let malformed = try await client.post("/echo", json: Array(#"{"id":1,"name":"a" "score":1}"#.utf8))
                #expect(malformed.status == 400)
                #expect(malformed.text.contains("byte 19"))  // the `"score"` out of place
            }
        }

        @Test func userInfoReachesTheModelsWithoutChangingTheSharedDecoder() throws {
            let decoder = FastJSONDecoder()
            let key = try #require(CodingUserInfoKey(rawValue: "scale"))
            let body = ByteBuffer(string: #"{"value":2}"#)
            let scaled = try decoder.decode(Scaled.self, from: body, headers: [:], userInfo: [key: 10.0])
            #expect(scaled.value == 20)
            #expect(decoder.userInfo.isEmpty)
        }
    }

    /// Multiplies its value by `userInfo["scale"]`.
    struct Scaled: Decodable {
        var value: Double
        enum CodingKeys: String, CodingKey { case value }
        init(from decoder: any Decoder) throws {
            let scale = decoder.userInfo[CodingUserInfoKey(rawValue: "scale")!] as? Double ?? 1
            value = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .value) * scale
        }
    }
#endif
