import FastMapHummingbird
import Foundation
import Hummingbird
import Synchronization

/// The ingestion service: `POST /events` streams a JSON array or NDJSON body of any size into
/// SQLite as it arrives, `POST /events/foundation` does the same with Foundation's
/// `JSONDecoder` on the collected body (the benchmark's baseline), `GET /stats` answers counts.
public enum IngestService {
    /// What `GET /stats` answers.
    public struct Stats: Codable, Sendable {
        /// Events in the database.
        public var events: Int
        /// Uploads answered 200.
        public var uploads: Int
        /// Uploads refused (4xx).
        public var refused: Int
        /// The database file.
        public var database: String
    }

    /// What a successful upload answers.
    public struct Accepted: Codable, Sendable {
        /// Events stored from this upload.
        public var stored: Int
    }

    /// The application serving `configuration`, storing in `store`; `onRunning` gets the port
    /// once it listens.
    public static func makeApplication(
        configuration: IngestConfiguration, store: EventStore,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let counters = Counters()
        let router = Router()
        let decoder = FastJSONDecoder()
        let encoder = FastJSONEncoder()
        router.post("events") { request, context -> Response in
            let accepted = try await counters.count {
                try await ingest(request, decoder: decoder, store: store, configuration: configuration)
            }
            return try encoder.encode(accepted, from: request, context: context)
        }
        router.post("events/foundation") { request, context -> Response in
            let accepted = try await counters.count {
                try await ingestWithFoundation(request, store: store, configuration: configuration)
            }
            return try encoder.encode(accepted, from: request, context: context)
        }
        router.get("stats") { request, context -> Response in
            let (uploads, refused) = counters.values
            let stats = Stats(
                events: try await store.count(), uploads: uploads, refused: refused, database: store.path)
            return try encoder.encode(stats, from: request, context: context)
        }
        return Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) })
    }

    /// Streams the body into the store in batches. On a refusal the events before the bad
    /// record are stored and the answer says how many; on any other end of the body (the
    /// client went away) the complete records received are stored too.
    static func ingest(
        _ request: Request, decoder: FastJSONDecoder, store: EventStore, configuration: IngestConfiguration
    ) async throws -> Accepted {
        let format = FastJSONDecoder.BodyFormat(contentType: request.headers[.contentType])
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        let events = decoder.body(
            Event.self, format: format, from: request.body, maximumSize: configuration.maximumBodySize,
            declaredSize: declared)
        var batch: [Event] = []
        batch.reserveCapacity(configuration.batchSize)
        var stored = 0
        do {
            for try await event in events {
                batch.append(event)
                if batch.count >= configuration.batchSize {
                    try await store.insert(batch)
                    stored += batch.count
                    batch.removeAll(keepingCapacity: true)
                }
            }
            try await store.insert(batch)
            return Accepted(stored: stored + batch.count)
        } catch let error as FastJSONDecoder.BodyError {
            try await store.insert(batch)
            throw IngestFailure(error: error, stored: stored + batch.count)
        } catch {
            try? await store.insert(batch)
            throw error
        }
    }

    /// The same route with Foundation: the whole body collected, then decoded at once.
    static func ingestWithFoundation(
        _ request: Request, store: EventStore, configuration: IngestConfiguration
    ) async throws -> Accepted {
        let body = try await request.body.collect(upTo: configuration.maximumBodySize)
        let data = Data(buffer: body, byteTransferStrategy: .noCopy)
        let decoder = JSONDecoder()
        let events: [Event]
        do {
            switch FastJSONDecoder.BodyFormat(contentType: request.headers[.contentType]) {
            case .lines:
                events = try data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }.map {
                    try decoder.decode(Event.self, from: $0)
                }
            case .array:
                events = try decoder.decode([Event].self, from: data)
            }
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, message: "\(error)")
        }
        for start in stride(from: 0, to: events.count, by: configuration.batchSize) {
            try await store.insert(Array(events[start..<min(start + configuration.batchSize, events.count)]))
        }
        return Accepted(stored: events.count)
    }
}

/// Uploads answered and refused, for `GET /stats`.
final class Counters: Sendable {
    private let state = Mutex((uploads: 0, refused: 0))

    var values: (Int, Int) { state.withLock { ($0.uploads, $0.refused) } }

    func count<T>(_ body: () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            state.withLock { $0.uploads += 1 }
            return value
        } catch {
            state.withLock { $0.refused += 1 }
            throw error
        }
    }
}
