import FastMap
import Foundation

/// The benchmark's model: every field of the generated records.
struct BenchRecord: Decodable, Sendable {
    let id: Int
    let name: String
    let tags: [String]
    let score: Double
    let active: Bool
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, name, tags, score, active
        case createdAt = "created_at"
    }

    var values: RecordGenerator.Values {
        RecordGenerator.Values(id: id, name: name, tags: tags, score: score, active: active, createdAt: createdAt)
    }
}

/// One way of decoding the whole input. Each runs in a process of its own so that its peak
/// resident memory is its own.
enum Mode: String, CaseIterable {
    case forEach
    case stream
    case streamChunks = "stream-chunks"
    case lines
    case fastDecoderWhole = "FastJSONDecoder-whole"
    case jsonDecoder = "JSONDecoder"

    /// Whether the mode reads the NDJSON file rather than the array.
    var readsLines: Bool { self == .lines }

    var summary: String {
        switch self {
        case .forEach: "FastJSONDecoder.forEach (array file, sync)"
        case .stream: "FastJSONDecoder.stream(contentsOf:) (array file, async)"
        case .streamChunks: "FastJSONDecoder.stream(from:) (1 MiB Data chunks, async)"
        case .lines: "FastJSONDecoder.lines(contentsOf:) (NDJSON file, async)"
        case .fastDecoderWhole: "FastJSONDecoder.decode([T].self) (whole array in memory)"
        case .jsonDecoder: "JSONDecoder.decode([T].self) (whole array in memory)"
        }
    }
}

func fastDecoder() -> FastJSONDecoder {
    let decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}

/// Runs `mode` over `url`, handing every record to `check` in order; returns the count.
func run(_ mode: Mode, url: URL, check: (BenchRecord) -> Void) async throws -> Int {
    switch mode {
    case .forEach:
        return try fastDecoder().forEach(BenchRecord.self, contentsOf: url) { check($0) }
    case .stream:
        var count = 0
        for try await record in fastDecoder().stream(BenchRecord.self, contentsOf: url) {
            check(record)
            count += 1
        }
        return count
    case .streamChunks:
        var count = 0
        for try await record in fastDecoder().stream(BenchRecord.self, from: FileChunks(url: url)) {
            check(record)
            count += 1
        }
        return count
    case .lines:
        var count = 0
        for try await record in fastDecoder().lines(BenchRecord.self, contentsOf: url) {
            check(record)
            count += 1
        }
        return count
    case .fastDecoderWhole:
        let records = try fastDecoder().decode([BenchRecord].self, from: try Data(contentsOf: url))
        records.forEach(check)
        return records.count
    case .jsonDecoder:
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let records = try decoder.decode([BenchRecord].self, from: try Data(contentsOf: url))
        records.forEach(check)
        return records.count
    }
}

/// A file as an `AsyncSequence` of `Data` chunks, read on demand: what a network body or
/// any other chunked source looks like to `stream(_:inArrayAt:from:)`.
struct FileChunks: AsyncSequence {
    typealias Element = Data
    let url: URL
    var chunkSize = 1 << 20

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: Result<FileHandle, any Error>
        let chunkSize: Int

        mutating func next() async throws -> Data? {
            guard let data = try handle.get().read(upToCount: chunkSize), !data.isEmpty else { return nil }
            return data
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: Result { try FileHandle(forReadingFrom: url) }, chunkSize: chunkSize)
    }
}
