import FastMapHummingbird
import Foundation
import Hummingbird
import IngestKit

/// The ingestion service started in-process on an ephemeral loopback port, with a database of
/// its own in a fresh temporary directory, for the length of `body`.
func withIngestService(
    maximumBodySize: Int = 1 << 20, batchSize: Int = 100,
    _ body: (LoopbackHTTPClient, EventStore) async throws -> Void
) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ingest-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = IngestConfiguration(databasePath: directory.appendingPathComponent("events.sqlite").path)
    configuration.port = 0
    configuration.maximumBodySize = maximumBodySize
    configuration.batchSize = batchSize
    let store = try EventStore(path: configuration.databasePath)
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    let app = IngestService.makeApplication(configuration: configuration, store: store) { portSink.yield($0) }
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        defer { group.cancelAll() }
        try await body(LoopbackHTTPClient(port: port), store)
    }
}

/// Events `first..<first + count`.
func events(_ first: Int, _ count: Int) -> [Event] {
    (first..<first + count).map {
        Event(
            id: $0, kind: $0 % 3 == 0 ? "click" : "view", user: "user-\($0 % 17)", value: Double($0) * 0.5,
            tags: ["a", "b\($0 % 5)"])
    }
}

/// The events as a JSON array, or as NDJSON.
func text(_ events: [Event], lines: Bool) throws -> [UInt8] {
    let encoder = FastJSONEncoder()
    if lines { return try events.flatMap { Array(try encoder.encode($0)) + [10] } }
    return Array(try encoder.encode(events))
}

/// The fields of an error answer.
struct ErrorAnswer: Decodable {
    struct Detail: Decodable {
        var message: String
        var index: Int
        var offset: Int?
        var stored: Int
    }
    var error: Detail
}

let ndjson = "application/x-ndjson"
