import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// One value read from many tasks, one decoder and one encoder shared, streams consumed side
/// by side, and every core decoding for a while with resident memory staying flat. Run under
/// ThreadSanitizer by `make sanitize`.
@Suite("Hostile load: concurrency")
struct ConcurrencyLoadTests {
    static let document: [UInt8] =
        (Array(
            #"{"users":[{"id":1,"name":"Ann","tags":["a","b"],"score":1.5},{"id":2,"name":"Bo\u00e9","tags":[],"#.utf8)
            + Array(#""score":-0.0}],"meta":{"big":18446744073709551615,"next":null,"ok":true,"nul":"\u0000"}}"#.utf8))

    /// Everything a reader can do with a value, as one comparable text.
    static func readEverything(_ json: JSON) throws -> String {
        var parts: [String] = [
            json.description, String(decoding: try json.data(options: [.sortedKeys]), as: UTF8.self),
        ]
        parts.append("\(json["users"]?[1]?["name"]?.string ?? "-")")
        parts.append("\(try json.value(at: "meta.big").uint64 ?? 0)")
        parts.append("\(json.keys) \(json["users"]?.elements.count ?? 0)")
        parts.append(try FastJSONDecoder().decode(AnyValue.self, from: json).canonicalDescription)
        parts.append("\(try FastJSONDecoder().decode([String].self, from: json, at: "users[0].tags"))")
        let object = json.foundationObject as? [String: Any]
        parts.append("\(object?.count ?? -1)")
        parts.append("\(json == (try JSON(bytes: Self.document)))")
        return parts.joined(separator: "\n")
    }

    @Test(arguments: JSONParser.allCases, [false, true])
    func sameValueReadFromEightTasks(parser: JSONParser, usesArena: Bool) async throws {
        let json = try JSON(bytes: Self.document, options: .init(parser: parser, usesArena: usesArena))
        let expected = try Self.readEverything(json)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen: [String] = []
                    for _ in 0..<50 {
                        // Parts of the value outlive the loop body and are dropped on other tasks.
                        let users = json["users"]
                        seen.append(try Self.readEverything(json))
                        _ = users?[0]?["tags"]?.array
                    }
                    return seen
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 400)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func sharedDecoderAndEncoder() async throws {
        let decoder = FastJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let encoder = FastJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let tree = try JSON(bytes: Self.document)
        let expected = try encoder.encode(try decoder.decode(JSON.self, from: Self.document))
        let outputs = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<100 {
                        let value =
                            (task + round).isMultiple(of: 2)
                            ? try decoder.decode(JSON.self, from: Self.document)
                            : try decoder.decode(JSON.self, from: tree)
                        guard try encoder.encode(value) == expected else { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outputs == Array(repeating: true, count: 8))
    }

    @Test func streamsConsumedConcurrently() async throws {
        let records = (0..<500).map { #"{"id":\#($0),"name":"r\#($0)","tags":["x"]}"# }
        let array = Array("[\(records.joined(separator: ","))]".utf8)
        let lines = Array(records.joined(separator: "\n").utf8)
        let url = try Hostile.temporaryFile(array, name: "concurrent")
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = FastJSONDecoder()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    switch task % 3 {
                    case 0:
                        let result = await Hostile.streamed(
                            AnyValue.self, array, chunkSize: 97 + task, decoder: decoder)
                        if let error = result.error { throw error }
                        return result.elements.count
                    case 1:
                        let result = await Hostile.streamed(
                            AnyValue.self, lines, lines: true, chunkSize: 61, decoder: decoder)
                        if let error = result.error { throw error }
                        return result.elements.count
                    default:
                        var count = 0
                        for try await _ in decoder.stream(AnyValue.self, contentsOf: url) { count += 1 }
                        return count + (try decoder.forEach(AnyValue.self, contentsOf: url) { _ in }) - 500
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 500, count: 8))
    }

    /// The corpora (`../shared/bench-data`, or generated documents when absent) parsed and
    /// decoded on every core: after a warm-up round, resident memory must not grow with the
    /// rounds. `make test` runs two seconds; `FASTMAP_STRESS_SCALE=30` a minute.
    @Test func decodingOnAllCoresKeepsMemoryFlat() async throws {
        let corpora = Self.corpora()
        let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let seconds = 2.0 * Double(Hostile.scale)
        _ = try await Self.onAllCores(cores) { try Self.round(corpora) }
        let warm = residentMemoryBytes()
        let deadline = Date().addingTimeInterval(seconds)
        let rounds = try await Self.onAllCores(cores) {
            var count = 0
            repeat {
                _ = try Self.round(corpora)
                count += 1
            } while Date() < deadline
            return count
        }
        let grown = residentMemoryBytes() - warm
        #expect(rounds.allSatisfy { $0 > 0 })
        // A leak of one corpus per round would add hundreds of MB; allocator caches stay far below
        // (a sanitizer's own caches less so: 74 MB once under ThreadSanitizer).
        #expect(
            grown < residentGrowthBound(64 << 20),
            "resident memory grew by \(grown >> 20) MB over \(rounds.reduce(0, +)) rounds")
    }

    /// Parses every corpus with each engine, its tree freed node by node and as an arena, and
    /// decodes the smaller ones, dropping the results.
    ///
    /// `AnyValue` goes through the generic `Codable` path, which an unoptimized build runs about
    /// a hundred times slower than a release one (canada.json alone took 23 s a round there), so
    /// the decode takes the documents under 1 MB: the rounds stay short enough for several per
    /// core within the deadline. LeakSanitizer (`make leaks`) checks the large decodes directly.
    static func round(_ corpora: [Data]) throws {
        for corpus in corpora {
            if corpus.count < 1 << 20 { _ = try FastJSONDecoder().decode(AnyValue.self, from: corpus) }
            for parser in JSONParser.allCases {
                for usesArena in [false, true] {
                    _ = try JSON(data: corpus, options: .init(parser: parser, usesArena: usesArena)).count
                }
            }
        }
    }

    static func onAllCores<T: Sendable>(_ cores: Int, _ body: @escaping @Sendable () throws -> T) async throws -> [T] {
        try await withThrowingTaskGroup(of: T.self) { group in
            for _ in 0..<cores { group.addTask { try body() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    static func corpora() -> [Data] {
        if let folder = SharedData.benchDataFolder {
            let names = ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json"]
            let found = names.compactMap { try? Data(contentsOf: folder.appendingPathComponent($0)) }
            if !found.isEmpty { return found }
        }
        var random = RandomJSONGenerator(seed: 9)
        return (0..<4).compactMap { _ in
            try? JSONSerialization.data(withJSONObject: (0..<200).map { _ in random.container() })
        }
    }
}
