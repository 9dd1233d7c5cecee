import Foundation

/// Writes the benchmark's record arrays: the shape of `shared/bench-data/gen_big_array.py`
/// (id, name, tags, score, active, ISO date; compact, one element per line), generated here
/// with a fixed seed so that `make bench-streaming` needs no Python and no shared data.
struct RecordGenerator {
    static let words = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo",
        "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor",
        "whiskey", "xray", "yankee", "zulu", "café", "naïve", "日本", "quote\\\"d", "back\\\\slash",
    ]
    static let tags = [
        "swift", "json", "linux", "c", "fast", "mapper", "codable", "jansson", "yajl", "bench", "server", "vapor",
        "nio",
    ]

    private var state: UInt64

    init(seed: UInt64 = 20_240_601) { state = seed }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// The values of one record, as decoding its text must give them back.
    struct Values: Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double
        var active: Bool
        var createdAt: Date
    }

    /// Record number `n` (records must be asked for in order): its values and its compact
    /// JSON text (no trailing newline).
    mutating func record(_ n: Int) -> (values: Values, text: String) {
        let id = n % 7 == 0 ? n + 1_000_000_000 : n
        let first = Self.words[below(Self.words.count)]
        let second = Self.words[below(Self.words.count)]
        let name = "user_\(n) \(first) \(second)"
        var pool = Self.tags
        var tags: [String] = []
        for _ in 0..<below(5) { tags.append(pool.remove(at: below(pool.count))) }
        let digits = 1 + below(6)
        let scale = pow(10.0, Double(digits))
        let score = ((Double(next() >> 11) / Double(1 << 53) * 2000 - 1000) * scale).rounded() / scale
        let active = next() & 1 == 0
        let seconds = below(10 * 365 * 86_400)
        let date = Self.isoDate(secondsSince2015: seconds)
        let tagText = tags.map { "\"\($0)\"" }.joined(separator: ",")
        let text =
            #"{"id":\#(id),"name":"\#(name)","tags":[\#(tagText)],"score":\#(score),"active":\#(active),"created_at":"\#(date)"}"#
        let values = Values(
            id: id, name: "user_\(n) \(Self.unescaped(first)) \(Self.unescaped(second))", tags: tags, score: score,
            active: active, createdAt: Date(timeIntervalSince1970: Double(1_420_070_400 + seconds)))
        return (values, text)
    }

    /// The words as JSON text hold `\"` and `\\`; decoded, they are `"` and `\`.
    private static func unescaped(_ word: String) -> String {
        word.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` without a formatter (days-from-civil, inverted).
    static func isoDate(secondsSince2015 seconds: Int) -> String {
        let total = 1_420_070_400 + seconds
        let days = total / 86_400
        let rest = total % 86_400
        let z = days + 719_468
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    /// Writes about `megabytes` MB as a JSON array (`"[\n"`, elements joined by `",\n"`-style
    /// lines, `"]\n"`) and the same records as NDJSON. Returns the element count.
    static func write(arrayTo arrayURL: URL, linesTo linesURL: URL, megabytes: Double) throws -> Int {
        let target = Int(megabytes * 1_000_000)
        guard FileManager.default.createFile(atPath: arrayURL.path, contents: nil),
            FileManager.default.createFile(atPath: linesURL.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown) }
        let array = try FileHandle(forWritingTo: arrayURL)
        let lines = try FileHandle(forWritingTo: linesURL)
        defer {
            try? array.close()
            try? lines.close()
        }
        var generator = RecordGenerator()
        var arrayBuffer: [UInt8] = Array("[\n".utf8)
        var linesBuffer: [UInt8] = []
        var written = 2
        var count = 0
        while written < target {
            let text = generator.record(count).text
            let before = arrayBuffer.count
            if count > 0 { arrayBuffer.append(UInt8(ascii: ",")) }
            arrayBuffer += text.utf8
            arrayBuffer.append(UInt8(ascii: "\n"))
            written += arrayBuffer.count - before
            linesBuffer += text.utf8
            linesBuffer.append(UInt8(ascii: "\n"))
            count += 1
            if arrayBuffer.count > 1 << 22 {
                try array.write(contentsOf: arrayBuffer)
                try lines.write(contentsOf: linesBuffer)
                arrayBuffer.removeAll(keepingCapacity: true)
                linesBuffer.removeAll(keepingCapacity: true)
            }
        }
        arrayBuffer += "]\n".utf8
        try array.write(contentsOf: arrayBuffer)
        try lines.write(contentsOf: linesBuffer)
        return count
    }
}
