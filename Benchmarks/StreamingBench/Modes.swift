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

/// The 2-of-6 model: reads `id` and `score` of the same records (sparse decoding builds only
/// those two members of each record).
struct BenchPartial: Decodable, Sendable {
    let id: Int
    let score: Double
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
    case forEachPartial = "forEach-partial"
    case fastDecoderWholePartial = "FastJSONDecoder-whole-partial"
    case jsonDecoderPartial = "JSONDecoder-partial"

    /// Whether the mode reads the NDJSON file rather than the array.
    var readsLines: Bool { self == .lines }

    /// Whether the mode decodes ``BenchPartial`` (2 of the 6 keys) instead of every field.
    var isPartial: Bool { [.forEachPartial, .fastDecoderWholePartial, .jsonDecoderPartial].contains(self) }

    /// The `JSONDecoder` mode decoding the same model, for the ratios.
    var baseline: Mode { isPartial ? .jsonDecoderPartial : .jsonDecoder }

    var summary: String {
        switch self {
        case .forEach: "FastJSONDecoder.forEach (array file, sync)"
        case .stream: "FastJSONDecoder.stream(contentsOf:) (array file, async)"
        case .streamChunks: "FastJSONDecoder.stream(from:) (1 MiB Data chunks, async)"
        case .lines: "FastJSONDecoder.lines(contentsOf:) (NDJSON file, async)"
        case .fastDecoderWhole: "FastJSONDecoder.decode([T].self) (whole array in memory)"
        case .jsonDecoder: "JSONDecoder.decode([T].self) (whole array in memory)"
        case .forEachPartial: "FastJSONDecoder.forEach, 2 of 6 keys (array file, sync)"
        case .fastDecoderWholePartial: "FastJSONDecoder.decode([T].self), 2 of 6 keys (whole array in memory)"
        case .jsonDecoderPartial: "JSONDecoder.decode([T].self), 2 of 6 keys (whole array in memory)"
        }
    }
}

/// `STREAMINGBENCH_NO_SPARSE=1` turns sparse decoding off (the full-tree paths, for before/after
/// comparisons in one build; child processes inherit the environment).
func fastDecoder() -> FastJSONDecoder {
    let decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let environment = ProcessInfo.processInfo.environment
    if environment["STREAMINGBENCH_NO_SPARSE"] == "1" { decoder.sparseDecoding.isEnabled = false }
    // `STREAMINGBENCH_THRESHOLD=bytes`: where whole-document decodes go element by element.
    if let threshold = environment["STREAMINGBENCH_THRESHOLD"].flatMap(Int.init) {
        decoder.elementByElementThreshold = threshold
    }
    return decoder
}

/// Runs `mode` over `url`, handing every record to `check` in order (for the 2-of-6 modes,
/// `checkPartial`); returns the count.
func run(
    _ mode: Mode, url: URL, check: (BenchRecord) -> Void, checkPartial: (BenchPartial) -> Void
) async throws -> Int {
    switch mode {
    case .forEachPartial:
        return try fastDecoder().forEach(BenchPartial.self, contentsOf: url) { checkPartial($0) }
    case .fastDecoderWholePartial:
        let records = try fastDecoder().decode([BenchPartial].self, from: try Data(contentsOf: url))
        records.forEach(checkPartial)
        return records.count
    case .jsonDecoderPartial:
        let records = try JSONDecoder().decode([BenchPartial].self, from: try Data(contentsOf: url))
        records.forEach(checkPartial)
        return records.count
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
