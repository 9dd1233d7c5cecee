import FastMap
import Foundation
import Testing

/// Inputs and models shared by the hostile-input suites.
enum Hostile {
    /// How far the size and load suites go: 1 in `make test`; `FASTMAP_STRESS_SCALE=50` runs
    /// the issue's full sizes (10 million keys, a 2 GB string) and the load for 100 seconds.
    static let scale: Int = {
        let text = ProcessInfo.processInfo.environment["FASTMAP_STRESS_SCALE"] ?? ""
        return max(1, Int(text) ?? 1)
    }()

    /// The nesting depth every API is attacked with.
    static let depth = 100_000

    /// `depth` nested arrays around `1`.
    static func nestedArrays(_ depth: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "["), count: depth) + [UInt8(ascii: "1")]
            + Array(repeating: UInt8(ascii: "]"), count: depth)
    }

    /// `depth` nested objects, each with the key `a`, around `1`.
    static func nestedObjects(_ depth: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(depth * 6 + 1)
        for _ in 0..<depth { bytes += Array(#"{"a":"#.utf8) }
        bytes.append(UInt8(ascii: "1"))
        bytes += Array(repeating: UInt8(ascii: "}"), count: depth)
        return bytes
    }

    /// The chunks of `bytes`, `size` bytes each, as an `AsyncSequence`.
    static func chunks(_ bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                continuation.yield(Array(bytes[start..<end]))
                start = end
            }
            continuation.finish()
        }
    }

    /// Every element of a chunked stream, or the error that ended it (with the elements before).
    static func streamed<T: Decodable & Sendable>(
        _ type: T.Type, _ bytes: [UInt8], lines: Bool = false, chunkSize: Int = 4096,
        decoder: FastJSONDecoder = FastJSONDecoder()
    ) async -> (elements: [T], error: (any Error)?) {
        var elements: [T] = []
        do {
            let source = chunks(bytes, size: chunkSize)
            if lines {
                for try await element in decoder.lines(type, from: source) { elements.append(element) }
            } else {
                for try await element in decoder.stream(type, from: source) { elements.append(element) }
            }
            return (elements, nil)
        } catch {
            return (elements, error)
        }
    }

    /// The ``FastMapError`` behind a `DecodingError` (or the error itself).
    static func fastMapError(_ error: any Error) -> FastMapError? {
        if let error = error as? FastMapError { return error }
        switch error as? DecodingError {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            return context.underlyingError.flatMap(fastMapError)
        default:
            return nil
        }
    }

    /// Writes `bytes` to a new temporary file and returns its URL.
    static func temporaryFile(_ bytes: [UInt8], name: String = "hostile") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        return url
    }
}

/// A recursive model that lets every error through: a number, an array or an object of itself.
indirect enum HostileNest: Codable, Equatable, Sendable {
    case leaf(Int)
    case list([HostileNest])
    case map([String: HostileNest])

    /// Any key: the map's keys are whatever the document holds.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [HostileNest] = []
            while !list.isAtEnd { items.append(try list.decode(HostileNest.self)) }
            self = .list(items)
        } else if let keyed = try? decoder.container(keyedBy: Key.self) {
            var map: [String: HostileNest] = [:]
            for key in keyed.allKeys { map[key.stringValue] = try keyed.decode(HostileNest.self, forKey: key) }
            self = .map(map)
        } else {
            self = .leaf(try decoder.singleValueContainer().decode(Int.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .leaf(let value): try single.encode(value)
        case .list(let list): try single.encode(list)
        case .map(let map): try single.encode(map)
        }
    }
}

/// A value that encodes as `depth` nested containers, made on the fly so that no deep Swift
/// structure exists (its own recursive release could overflow the stack).
struct HostileDeepValue: Encodable {
    let depth: Int
    let keyed: Bool

    private struct Key: CodingKey {
        var stringValue: String { "a" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) {}
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        if depth == 0 {
            var single = encoder.singleValueContainer()
            try single.encode(1)
        } else if keyed {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(HostileDeepValue(depth: depth - 1, keyed: true), forKey: Key())
        } else {
            var container = encoder.unkeyedContainer()
            try container.encode(HostileDeepValue(depth: depth - 1, keyed: false))
        }
    }
}

/// A huge JSON string (`"aaa…a"`) as input without the memory: one 1 MiB block of text mapped
/// again and again into one contiguous address range.
enum RepeatedBlockInput {
    static let block = 1 << 20

    /// Calls `body` with the input and the string's length (at least `minimumLength`).
    static func withString(
        minimumLength: Int, _ body: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws {
        let blocks = (minimumLength + 2 + block - 1) / block
        let total = blocks * block
        let contents: [[UInt8]] = [
            [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: block - 1),
            Array(repeating: UInt8(ascii: "a"), count: block),
            Array(repeating: UInt8(ascii: "a"), count: block - 1) + [UInt8(ascii: "\"")],
        ]
        let files = try contents.map { try Hostile.temporaryFile($0, name: "block") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let descriptors = files.map { open($0.path, O_RDONLY) }
        defer { for descriptor in descriptors where descriptor >= 0 { close(descriptor) } }
        try #require(descriptors.allSatisfy { $0 >= 0 })
        let reserved = mmap(nil, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let base = reserved, base != MAP_FAILED else {
            Issue.record("cannot reserve \(total) bytes of address space")
            return
        }
        defer { munmap(base, total) }
        for index in 0..<blocks {
            let descriptor = descriptors[index == 0 ? 0 : index == blocks - 1 ? 2 : 1]
            let mapped = mmap(base + index * block, block, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0)
            try #require(mapped == base + index * block, "block \(index) not mapped")
        }
        try body(UnsafeRawBufferPointer(start: base, count: total), total - 2)
    }
}
