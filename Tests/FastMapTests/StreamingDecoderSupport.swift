import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// The record of the streaming tests: the shape of the benchmark's records.
struct StreamRecord: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var tags: [String]
    var score: Double
    var active: Bool
    var createdAt: Date
    var note: String?

    enum CodingKeys: String, CodingKey {
        case id, name, tags, score, active
        case createdAt = "created_at"
        case note
    }
}

/// A decoder set up for ``StreamRecord`` (ISO 8601 dates), and its Foundation twin.
func recordDecoder() -> FastJSONDecoder {
    let decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}

/// Writes random records as JSON text with random spacing and escapes, so that chunk
/// boundaries fall inside every kind of token.
struct RecordTextGenerator {
    var random: SeededGenerator
    private let dates = ISO8601DateFormatter()

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    private static let words = [
        "alpha", "café", "naïve", "日本", "quote\"d", "back\\slash", "tab\t", "😀 emoji", "a/b", "",
    ]

    mutating func space() -> String {
        ["", "", " ", "\n", "\n  ", "\t", "\r\n"][Int.random(in: 0..<7, using: &random)]
    }

    /// A JSON string literal for `text`, escaping some characters that need no escape.
    mutating func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let escapeAnyway = Int.random(in: 0..<4, using: &random) == 0
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "/": out += escapeAnyway ? "\\/" : "/"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else if escapeAnyway && scalar.value > 0x7F {
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04X", unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    mutating func record(_ n: Int) -> StreamRecord {
        let words = Self.words
        return StreamRecord(
            id: Int.random(in: -1_000_000...Int(Int32.max), using: &random) &* (n % 5 == 0 ? 1_000_000 : 1),
            name: "user_\(n) \(words[Int.random(in: 0..<words.count, using: &random)])",
            tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                words[Int.random(in: 0..<words.count, using: &random)]
            },
            score: Double(Int.random(in: -100_000...100_000, using: &random)) / 100,
            active: Bool.random(using: &random),
            createdAt: Date(
                timeIntervalSince1970: Double(Int.random(in: 1_400_000_000...1_800_000_000, using: &random))),
            note: Bool.random(using: &random) ? nil : words[Int.random(in: 0..<words.count, using: &random)])
    }

    /// The record's JSON text; `corruption` replaces one member's text.
    mutating func text(of record: StreamRecord, corruption: (key: String, text: String?)? = nil) -> String {
        let date = dates.string(from: record.createdAt)
        var members: [(String, String)] = [
            ("id", "\(record.id)"),
            ("name", literal(record.name)),
            ("tags", "[" + record.tags.map { space() + literal($0) + space() }.joined(separator: ",") + "]"),
            ("score", "\(record.score)"),
            ("active", "\(record.active)"),
            ("created_at", literal(date)),
        ]
        if let note = record.note { members.append(("note", literal(note))) }
        if let corruption, let index = members.firstIndex(where: { $0.0 == corruption.key }) {
            if let text = corruption.text { members[index].1 = text } else { members.remove(at: index) }
        }
        let body = members.map { space() + literal($0.0) + space() + ":" + space() + $0.1 + space() }
        return "{" + body.joined(separator: ",") + "}"
    }

    /// A way to make a record fail to decode.
    mutating func corruption() -> (key: String, text: String?) {
        let all: [(String, String?)] = [
            ("id", "\"12\""), ("id", "1.5"), ("id", "null"), ("name", nil), ("name", "42"), ("tags", "[1]"),
            ("tags", "{}"), ("score", "\"high\""), ("active", "1"), ("created_at", "\"yesterday\""),
            ("note", "[]"), ("id", "99999999999999999999"),
        ]
        return all[Int.random(in: 0..<all.count, using: &random)]
    }
}

/// Hands out byte chunks as an `AsyncSequence`, counting how many were requested.
struct CountingChunks<Chunk: Sendable>: AsyncSequence, Sendable {
    typealias Element = Chunk
    let chunks: [Chunk]
    let requests = Counter()

    final class Counter: Sendable {
        private let value = LockedValue(0)
        var count: Int { value.withLock { $0 } }
        func increment() { value.withLock { $0 += 1 } }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: [Chunk]
        let requests: Counter
        var position = 0

        mutating func next() async throws -> Chunk? {
            guard position < chunks.count else { return nil }
            requests.increment()
            position += 1
            return chunks[position - 1]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks, requests: requests) }
}

/// A file in a fresh temporary folder, removed by `remove()`.
struct TemporaryFile {
    let url: URL

    init(contents: [UInt8], name: String = "input.json") throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FastMapStreaming-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(name)
        try Data(contents).write(to: url)
    }

    init(text: String) throws { try self.init(contents: Array(text.utf8)) }

    func remove() { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
}

/// A `DecodingError` reduced to what must agree between two decoders: the case, the coding
/// path and the description.
func summary(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
    func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
    switch error {
    case .typeMismatch(let type, let context):
        return "typeMismatch(\(type)) \(path(context)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
        return "valueNotFound(\(type)) \(path(context)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
        return "keyNotFound(\(key.stringValue)) \(path(context)): \(context.debugDescription)"
    case .dataCorrupted(let context): return "dataCorrupted \(path(context)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
}

/// The description of a `DecodingError`'s underlying ``FastMapError``: where the failure is, in
/// FastMap's words.
func underlyingText(_ error: (any Error)?) -> String? {
    guard let error = error as? DecodingError else { return nil }
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let inner), .valueNotFound(_, let inner), .keyNotFound(_, let inner),
        .dataCorrupted(let inner):
        context = inner
    @unknown default: return nil
    }
    return (context.underlyingError as? FastMapError)?.description
}

/// Collects an async stream's elements and its error, if any.
func collect<T>(_ stream: FastJSONDecoder.ElementStream<T>) async -> (values: [T], error: (any Error)?) {
    var values: [T] = []
    do {
        for try await value in stream { values.append(value) }
        return (values, nil)
    } catch {
        return (values, error)
    }
}

/// Hands the C allocator's free pages back to the system (glibc's `malloc_trim`), so that the
/// resident size reflects what is allocated.
func releaseFreeMemoryToSystem() {
    #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
    #endif
}
