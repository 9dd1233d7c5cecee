#if Vapor
    import FastMapTestSupport
    import FastMapVapor
    import Vapor

    /// Runs an application set up by `configure` on a real server on an ephemeral loopback port
    /// (upload limit 4096 bytes) for the length of `body`.
    func withVapor(
        _ configure: (Application) throws -> Void, _ body: (LoopbackHTTPClient) async throws -> Void
    ) async throws {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.routes.defaultMaxBodySize = 4096
        do {
            try configure(app)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            guard let port = app.http.server.shared.localAddress?.port else {
                throw LoopbackError(message: "the server has no local address")
            }
            try await body(LoopbackHTTPClient(port: port))
        } catch {
            await app.server.shutdown()
            try await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    struct Reading: Content, Equatable {
        var id: Int
        var name: String
        var score: Double
    }

    /// `count` readings as a JSON array, or as NDJSON.
    func readingsText(_ count: Int, lines: Bool) throws -> [UInt8] {
        let readings = (0..<count).map { Reading(id: $0, name: "reading \($0)", score: Double($0)) }
        let encoder = FastJSONEncoder()
        if lines { return try readings.flatMap { Array(try encoder.encode($0)) + [10] } }
        return Array(try encoder.encode(readings))
    }
#endif
