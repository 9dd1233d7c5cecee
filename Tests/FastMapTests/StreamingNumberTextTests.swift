import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// Found by a 10-minute FuzzStream run (Fuzz/RESULTS.md): the whole-document decoder reads
/// "exceptional" reals (more than 15 significant digits, zeros written with non-zero digits or
/// an exponent, magnitudes near `Decimal`'s range ends) from the input text, which a streamed
/// element cannot go back to. The streaming tokenizer now keeps those texts in each element's
/// document, so every entry point decodes an element exactly as the whole-document decode does.
@Suite("Streaming: exceptional number text")
struct StreamingNumberTextTests {
    /// Numbers whose double does not tell their exact value, and a few ordinary ones.
    static let numbers = [
        "92333720368547758.07", "0.30000000000000001", "1.0000000000000001", "9223372036854775807.0",
        "18446744073709551615.0", "-9223372036854775808.00", "12345678901234567890123.0", "1e-400", "0e-200",
        "-0.0000000000000000000", "0.00000000000000000000000000000000000000000000000000000000000000000000001",
        "8.70e-127", "8.7e-127", "1.5e300", "1e91", "4.5e-91", "1.5e3", "19.99", "-0.0",
        "170141183460469231731687303715884105727.0",
    ]

    /// The outcome of a decode, reduced to what two decoders must agree on.
    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case failure
    }

    static func whole<T: Decodable & Equatable>(_ type: T.Type, _ number: String) -> Outcome<T> {
        guard let values = try? FastJSONDecoder().decode([T].self, from: Data("[\(number)]".utf8)) else {
            return .failure
        }
        return values.count == 1 ? .value(values[0]) : .failure
    }

    static func foundation<T: Decodable & Equatable>(_ type: T.Type, _ number: String) -> Outcome<T> {
        guard let values = try? JSONDecoder().decode([T].self, from: Data("[\(number)]".utf8)) else { return .failure }
        return values.count == 1 ? .value(values[0]) : .failure
    }

    static func single<T>(_ values: [T]) -> Outcome<T> where T: Equatable {
        values.count == 1 ? .value(values[0]) : .failure
    }

    /// The number as the only element, streamed by every entry point; each outcome with its name.
    static func streamed<T: Decodable & Equatable & Sendable>(
        _ type: T.Type, _ number: String
    ) async throws -> [(String, Outcome<T>)] {
        let decoder = FastJSONDecoder()
        var outcomes: [(String, Outcome<T>)] = []
        let array = try TemporaryFile(text: " [ \(number) ] ")
        defer { array.remove() }
        var values: [T] = []
        let forEach = (try? decoder.forEach(type, contentsOf: array.url) { values.append($0) }) != nil
        outcomes.append(("forEach", forEach ? single(values) : .failure))

        let keyed = try TemporaryFile(text: #"{"skip": 1.00000000000000001, "data": {"items": [\#(number)]}}"#)
        defer { keyed.remove() }
        values = []
        let atPath = (try? decoder.forEach(type, inArrayAt: "data.items", contentsOf: keyed.url) { values.append($0) })
        outcomes.append(("forEach at a key path", atPath != nil ? single(values) : .failure))

        let streamed = await collect(decoder.stream(type, contentsOf: array.url))
        outcomes.append(("stream (file)", streamed.error == nil ? single(streamed.values) : .failure))

        // Chunks of 3 bytes: the number's text straddles chunks.
        let chunks = CountingChunks(chunks: chunked(Array("[\(number)]".utf8), sizes: [3]))
        let fromChunks = await collect(decoder.stream(type, from: chunks))
        outcomes.append(("stream (chunks)", fromChunks.error == nil ? single(fromChunks.values) : .failure))

        let data = CountingChunks(chunks: chunked(Array("\n\(number)\n".utf8), sizes: [2]).map { Data($0) })
        let lines = await collect(decoder.lines(type, from: data))
        outcomes.append(("lines (Data chunks)", lines.error == nil ? single(lines.values) : .failure))

        let linesFile = try TemporaryFile(text: "\(number)\n")
        defer { linesFile.remove() }
        let fileLines = await collect(decoder.lines(type, contentsOf: linesFile.url))
        outcomes.append(("lines (file)", fileLines.error == nil ? single(fileLines.values) : .failure))
        return outcomes
    }

    static func expectStreamedLikeWhole<T: Decodable & Equatable & Sendable>(
        _ type: T.Type, comparingWithFoundation: Bool = true
    ) async throws {
        for number in numbers {
            let whole = whole(type, number)
            if comparingWithFoundation {
                #expect(whole == foundation(type, number), "\(T.self) from \(number): whole-document vs JSONDecoder")
            }
            for (entry, outcome) in try await streamed(type, number) {
                #expect(outcome == whole, "\(T.self) from \(number) by \(entry)")
            }
        }
    }

    @Test func integersWrittenWithManyDigitsAndAFraction() throws {
        let text = "[92333720368547758.07, 1.5e3]"
        let whole = try FastJSONDecoder().decode([Int].self, from: Data(text.utf8))
        #expect(whole == (try JSONDecoder().decode([Int].self, from: Data(text.utf8))))
        let file = try TemporaryFile(text: text)
        defer { file.remove() }
        var streamed: [Int] = []
        try FastJSONDecoder().forEach(Int.self, contentsOf: file.url) { streamed.append($0) }
        #expect(streamed == whole)
    }

    @Test func decimalsWrittenWithManyDigits() throws {
        let text = "[0.30000000000000001, 19.99]"
        let whole = try FastJSONDecoder().decode([Decimal].self, from: Data(text.utf8))
        #expect(whole == (try JSONDecoder().decode([Decimal].self, from: Data(text.utf8))))
        #expect(whole.first == Decimal(string: "0.30000000000000001"))
        let file = try TemporaryFile(text: text)
        defer { file.remove() }
        var streamed: [Decimal] = []
        try FastJSONDecoder().forEach(Decimal.self, contentsOf: file.url) { streamed.append($0) }
        #expect(streamed == whole)
    }

    @Test func int() async throws { try await Self.expectStreamedLikeWhole(Int.self) }
    @Test func uint() async throws { try await Self.expectStreamedLikeWhole(UInt.self) }
    @Test func int64() async throws { try await Self.expectStreamedLikeWhole(Int64.self) }
    @Test func decimal() async throws { try await Self.expectStreamedLikeWhole(Decimal.self) }
    @Test func double() async throws { try await Self.expectStreamedLikeWhole(Double.self) }
    @Test func int128() async throws {
        // The whole-document decode is the reference (its agreement with Foundation is tested
        // with the 128-bit integers themselves).
        try await Self.expectStreamedLikeWhole(Int128.self, comparingWithFoundation: false)
    }

    /// Numbers at the edges of the tokenizer's quick test (which keeps the text of every real of
    /// more than 15 characters, and of shorter ones only with an exponent of 70 or more or a
    /// zero mantissa): each decodes as the whole-document decode does.
    @Test func numbersAtTheEdgesOfTheQuickTest() throws {
        var numbers = ["0e0", "-0e-0", "0.0e5", "0.000e-1", "1e69", "1e-69", "1e70", "1e-70", "9.99e-91", "1.0e-90"]
        numbers += ["1e90", "1.0000e90", "1.1e90", "-1.1e-90", "0.5e-95", "123456789012.5", "1234567890123.45"]
        numbers += ["0.1000000000000001", "0.100000000000001", "12345678901234567e-5", "1E-400", "2.5E+95"]
        numbers += ["0.00000000000005e-80", "100000000000000.0", "1000000000000000.0", "-1234567.8901234567"]
        numbers += ["12345678901234567", "-1234567890123456789", "-12345678901234567890", "-1.0000000000000001"]
        let decoder = FastJSONDecoder()
        for number in numbers {
            let file = try TemporaryFile(text: "[\(number)]")
            defer { file.remove() }
            for type in [Decimal.self, Double.self, Int64.self] as [any (Decodable & Equatable).Type] {
                func check<T: Decodable & Equatable>(_: T.Type) {
                    var values: [T] = []
                    let streamed = (try? decoder.forEach(T.self, contentsOf: file.url) { values.append($0) }) != nil
                    let whole = try? decoder.decode([T].self, from: Data("[\(number)]".utf8))
                    #expect((streamed ? values : nil) == whole, "\(T.self) from \(number)")
                }
                check(type)
            }
        }
    }

    /// A record whose numbers all need their text.
    struct Reading: Codable, Equatable, Sendable {
        var exact: Decimal
        var whole: Int
        var zero: Double
        var pad: String
    }

    /// More than one file chunk (FileChunkReader reads 1 MiB at a time) of elements whose
    /// exceptional reals fall on every offset, so some straddle a chunk, the tokenizer's 16 KiB
    /// pieces and its batches of queued elements.
    @Test func numbersStraddlingChunksAndBatches() async throws {
        var text = "["
        var index = 0
        while text.utf8.count < FileChunkReader.defaultChunkSize + 200_000 {
            if index > 0 { text += "," }
            let pad = String(repeating: "p", count: index % 37)
            text += #"{"pad":"\#(pad)","exact":0.3000000000000000\#(index % 10),"#
            text += #""whole":9223372036854775.8\#(index % 10)e2,"zero":0.0e-20\#(index % 10)}"#
            index += 1
        }
        text += "]"
        let bytes = Array(text.utf8)
        let whole = try FastJSONDecoder().decode([Reading].self, from: Data(bytes))
        #expect(whole == (try JSONDecoder().decode([Reading].self, from: Data(bytes))))
        #expect(whole[7].exact == Decimal(string: "0.30000000000000007"))
        let file = try TemporaryFile(contents: bytes)
        defer { file.remove() }
        var streamed: [Reading] = []
        try FastJSONDecoder().forEach(Reading.self, contentsOf: file.url) { streamed.append($0) }
        #expect(streamed == whole)
        let chunks = CountingChunks(chunks: chunked(bytes, sizes: randomSizes(count: 64, limit: 9000, seed: 15)))
        let fromChunks = await collect(FastJSONDecoder().stream(Reading.self, from: chunks))
        #expect(fromChunks.error == nil)
        #expect(fromChunks.values == whole)
    }

    /// An element that fails (a lone surrogate) takes its numbers' texts with it: the next
    /// elements read their own.
    @Test func aFailedElementKeepsNoTexts() throws {
        let text = #"[[0.10000000000000001, "\ud800"], [0.1, 0.20000000000000001], [0.1]]"#
        let file = try TemporaryFile(text: text)
        defer { file.remove() }
        var values: [[Decimal]] = []
        try FastJSONDecoder().forEach(JSON.self, contentsOf: file.url, onError: .skip) { json in
            values.append(try json.decode([Decimal].self))
        }
        let expected = [["0.1", "0.20000000000000001"], ["0.1"]].map { $0.compactMap { Decimal(string: $0) } }
        #expect(values == expected)
    }

    /// A repeated key loses to the first one: its text belongs to no node of the element.
    @Test func repeatedKeysKeepTheFirstMembersText() throws {
        let text = #"[{"a": 0.1, "a": 0.10000000000000001}, {"a": 0.10000000000000001, "a": 0.1}]"#
        let whole = try FastJSONDecoder().decode([[String: Decimal]].self, from: Data(text.utf8))
        let file = try TemporaryFile(text: text)
        defer { file.remove() }
        var streamed: [[String: Decimal]] = []
        try FastJSONDecoder().forEach([String: Decimal].self, contentsOf: file.url) { streamed.append($0) }
        #expect(streamed == whole)
        #expect(streamed.map { $0["a"] } == [Decimal(string: "0.1"), Decimal(string: "0.10000000000000001")])
    }

    /// A streamed `JSON` element is the same value as the whole document's element, and reads
    /// its exceptional reals exactly.
    @Test func jsonElementsEqualTheWholeDocuments() throws {
        let text = "[" + Self.numbers.map { #"{"n": \#($0), "list": [\#($0), 1]}"# }.joined(separator: ",") + "]"
        let whole = try FastJSONDecoder().decode([JSON].self, from: Data(text.utf8))
        let file = try TemporaryFile(text: text)
        defer { file.remove() }
        var streamed: [JSON] = []
        try FastJSONDecoder().forEach(JSON.self, contentsOf: file.url) { streamed.append($0) }
        #expect(streamed == whole)
        #expect(try streamed.map { try $0.data() } == whole.map { try $0.data() })
        let exact = try streamed[1].decode("n") as Decimal
        #expect(exact == Decimal(string: "0.30000000000000001"))
    }
}
