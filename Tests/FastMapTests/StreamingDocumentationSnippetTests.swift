import FastMap
import Foundation
import Synchronization
import Testing

/// The code of the streaming article (Sources/FastMap/FastMap.docc/StreamingHugeArrays.md), run
/// as written there on small files and chunk sequences.
@Suite struct StreamingDocumentationSnippetTests {
    struct Record: Decodable {
        let id: Int
        let name: String
        let active: Bool
    }

    struct Event: Decodable {
        let type: String
        let at: Int
    }

    static let records = #"""
        {"meta": {"data": [0]}, "data": [
            {"id": 1, "name": "a", "active": false},
            {"id": 2, "name": "b", "active": true},
            {"id": 3, "name": 3, "active": true},
            {"id": 4, "name": "d", "active": true}
        ]}
        """#

    static let events = """
        {"type": "open", "at": 1}

        {"type": "click", "at": 2}
        {"type": "open", "at": 3}
        """

    /// The chunks a request body might arrive in, split inside a string and a number.
    static func chunks(_ text: String, size: Int) -> AsyncStream<[UInt8]> {
        let bytes = Array(text.utf8)
        return AsyncStream { continuation in
            for start in stride(from: 0, to: bytes.count, by: size) {
                continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            continuation.finish()
        }
    }

    @Test func forEachWithPolicies() throws {
        let file = try TemporaryFile(text: Self.records)
        defer { file.remove() }
        let url = file.url
        let decoder = FastJSONDecoder()

        var names: [String] = []
        let failures = Mutex<[FastJSONDecoder.ElementFailure]>([])
        let imported = try decoder.forEach(
            Record.self, inArrayAt: "data", contentsOf: url,
            onError: .collect { failure in failures.withLock { $0.append(failure) } }
        ) { record in
            names.append(record.name)
        }
        #expect(imported == 3)
        #expect(names == ["a", "b", "d"])
        let failure = try #require(failures.withLock { $0.first })
        #expect(failure.index == 2)
        #expect(failure.line == 4)
        guard case .typeMismatch(_, let context) = failure.error else {
            Issue.record("expected typeMismatch, got \(failure.error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["data", "Index 2", "name"])

        // The default policy throws the failing element's error after the elements before it.
        names = []
        #expect(throws: DecodingError.self) {
            try decoder.forEach(Record.self, inArrayAt: "data", contentsOf: url) { record in
                names.append(record.name)
            }
        }
        #expect(names == ["a", "b"])

        var firstActive: Record?
        try decoder.forEach(Record.self, inArrayAt: "data", contentsOf: url) { record, stop in
            if record.active {
                firstActive = record
                stop = true
            }
        }
        #expect(firstActive?.id == 2)
    }

    @Test func asyncStreams() async throws {
        let file = try TemporaryFile(text: Self.records)
        defer { file.remove() }
        let url = file.url
        let decoder = FastJSONDecoder()

        var total = 0
        for try await record in decoder.stream(Record.self, inArrayAt: "data", contentsOf: url, onError: .skip) {
            total += record.id
        }
        #expect(total == 7)

        let chunks = Self.chunks(Self.records, size: 7)
        total = 0
        for try await record in decoder.stream(Record.self, inArrayAt: "data", from: chunks, onError: .skip) {
            total += record.id
        }
        #expect(total == 7)
    }

    @Test func lines() async throws {
        let file = try TemporaryFile(text: Self.events)
        defer { file.remove() }
        let logURL = file.url
        let decoder = FastJSONDecoder()

        var counts: [String: Int] = [:]
        for try await event in decoder.lines(Event.self, contentsOf: logURL) {
            counts[event.type, default: 0] += 1
        }
        #expect(counts == ["open": 2, "click": 1])

        var times: [Int] = []
        for try await event in decoder.lines(Event.self, from: Self.chunks(Self.events, size: 5)) {
            times.append(event.at)
        }
        #expect(times == [1, 2, 3])
    }

    @Test func malformedInputEndsTheStreamWhateverThePolicy() throws {
        let file = try TemporaryFile(text: #"{"data": [{"id": 1, "name": "a", "active": true}, {"id": "#)
        defer { file.remove() }
        var delivered = 0
        let error = try #require(throws: DecodingError.self) {
            try FastJSONDecoder().forEach(Record.self, inArrayAt: "data", contentsOf: file.url, onError: .skip) { _ in
                delivered += 1
            }
        }
        #expect(delivered == 1)
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.underlyingError is FastMapError)
    }
}
