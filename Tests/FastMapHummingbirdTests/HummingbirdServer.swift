#if Hummingbird
    import FastMapHummingbird
    import FastMapTestSupport
    import Hummingbird

    /// A request context with FastMap's coders and a small upload limit, as an application would
    /// declare one.
    struct FastMapContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
        var maxUploadSize: Int { 4096 }
        var requestDecoder: FastJSONDecoder { FastJSONDecoder() }
        var responseEncoder: FastJSONEncoder { FastJSONEncoder() }
    }

    /// Runs `router` on a real server on an ephemeral loopback port for the length of `body`.
    func withServer(
        _ router: Router<FastMapContext>, _ body: (LoopbackHTTPClient) async throws -> Void
    ) async throws {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { portSink.yield($0.localAddress?.port ?? 0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            defer { group.cancelAll() }
            try await body(LoopbackHTTPClient(port: port))
        }
    }

    struct Reading: Codable, Equatable, Sendable, ResponseEncodable {
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
