import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

#if canImport(Glibc)
    import Glibc
#endif

/// The parse fast paths must not change a single result: reals bit for bit as `strtod` reads
/// them, the white-space compacting pass invisible in trees and errors, duplicate keys still
/// first-wins after the optimistic build restarts, and `[String: T]` read in one pass exactly
/// as `JSONDecoder` reads it.
@Suite struct ParsingFastPathTests {
    // MARK: Reals

    static let edgeNumbers = [
        "0.0", "-0.0", "0e0", "-0e-0", "1e-400", "-1e-400", "2.2250738585072011e-308", "2.2250738585072014e-308",
        "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "5e-324", "1e-323",
        "1.7976931348623157e308", "1.7976931348623158e308", "9007199254740993.0", "9007199254740992.5",
        "9007199254740993.0000000001", "0.1", "0.2", "0.3", "1e23", "8.98846567431158e307", "7.4e-323",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126", "9.9999999999999999999",
        "18446744073709551615e-5", "18446744073709551616e-5", "1e-342", "1e-343", "1e308", "-65.613616999999977",
        "1.7e-30", "3.0e10", "123456789012345678901234567890.5", "0.000000000000000000000000000000001234567",
        "1E22", "1E+22", "1e-22", "4503599627370496.5", "4503599627370497.5", "9007199254740991e5",
        // Digit runs of every length around the eight and four gathered at once.
        "1234.5678", "12345678.12345678", "1234567.1234567", "123456789.123456789", "0.12345678e-5",
        "12345678e-12345678", "1234567890123456.7", "99999999.99999999", "0.00000000123456789012",
        "123456781234567812345678.5", "7.12345678901234567e-300", "6.02214076e23", "12345.678901234567",
    ]

    static func randomNumbers(count: Int, seed: UInt64) -> [String] {
        var rng = SeededGenerator(seed: seed)
        var texts: [String] = []
        texts.reserveCapacity(count)
        while texts.count < count {
            switch rng.next() % 4 {
            case 0:
                let value = Double(bitPattern: rng.next())
                guard value.isFinite else { continue }
                let text = "\(value)"
                texts.append(text.contains(".") || text.contains("e") ? text : text + ".0")
            case 1:
                let value = Double(bitPattern: rng.next())
                guard value.isFinite else { continue }
                texts.append(String(format: "%.\(rng.next() % 22)e", value))
            case 2:
                let digits =
                    String(1 + rng.next() % 9)
                    + (0..<Int(rng.next() % 24)).map { _ in String(rng.next() % 10) }.joined()
                texts.append("\(rng.next() % 2 == 0 ? "-" : "")\(digits)e\(Int(rng.next() % 680) - 360)")
            default:
                let whole = rng.next() % 1_000_000
                let fraction = String(rng.next() % 10_000_000_000_000_000)
                texts.append("\(whole).\(fraction)")
            }
        }
        return texts
    }

    @Test(arguments: JSONParser.allCases)
    func realsAreBitForBitWhatStrtodReads(parser: JSONParser) throws {
        let texts = (Self.edgeNumbers + Self.randomNumbers(count: 40_000, seed: 7)).filter {
            strtod($0, nil).isFinite
        }
        let json = try JSON(string: "[" + texts.joined(separator: ",") + "]", options: .init(parser: parser))
        var mismatches: [String] = []
        // In order, not by index: `json[index]` steps over the elements before it.
        for (text, element) in zip(texts, json.array ?? []) {
            let expected = strtod(text, nil)
            let found = element.double
            if found?.bitPattern != expected.bitPattern {
                mismatches.append("\(text): \(String(describing: found)) instead of \(expected)")
            }
        }
        #expect(json.count == texts.count)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Integers of every digit count from 1 to 20 (the digits are gathered eight and four at a
    /// time): each reads back as the integer it spells, or as no `Int64` / `UInt64` past them.
    @Test(arguments: JSONParser.allCases)
    func integersOfEveryLengthReadExactly(parser: JSONParser) throws {
        var rng = SeededGenerator(seed: 11)
        var texts: [String] = []
        for digits in 1...20 {
            for _ in 0..<50 {
                let text = String(1 + rng.next() % 9) + (1..<digits).map { _ in String(rng.next() % 10) }.joined()
                texts.append(rng.next() % 2 == 0 ? text : "-" + text)
            }
        }
        texts += ["9223372036854775807", "-9223372036854775808", "18446744073709551615", "18446744073709551616"]
        let json = try JSON(string: "[" + texts.joined(separator: ",") + "]", options: .init(parser: parser))
        var mismatches: [String] = []
        for (index, text) in texts.enumerated() {
            let element = json[index]
            if element?.int64 != Int64(text) || element?.uint64 != UInt64(text) {
                mismatches.append("\(text): \(String(describing: element))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test(arguments: JSONParser.allCases)
    func realsBeyondDoubleKeepTheirText(parser: JSONParser) throws {
        for text in ["1e400", "-1.8e308", "123456789e301", "0.1e310"] {
            let json = try JSON(string: "[\(text)]", options: .init(parser: parser))
            #expect(json[0]?.numberText == text)
            #expect(json[0]?.double?.isInfinite == true, "\(text)")
        }
    }

    // MARK: White-space compaction

    /// Generated documents indented far enough that the compacting pass runs on them.
    static func indentedDocuments() -> [String] {
        var documents: [String] = []
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<12 {
            documents.append(indented((0..<6).map { _ in randomValue(depth: 1, rng: &rng) }))
        }
        return documents
    }

    /// The pretty-printed corpora of `shared/bench-data`, when present.
    static func corpora() -> [String] {
        var documents: [String] = []
        if let folder = SharedData.benchDataFolder {
            for name in ["twitter.json", "citm_catalog.json"] {
                if let data = try? Data(contentsOf: folder.appendingPathComponent(name)) {
                    documents.append(String(decoding: data, as: UTF8.self))
                }
            }
        }
        return documents
    }

    static func indented(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .fragmentsAllowed])
        // Raw newlines only ever appear between tokens: strings hold them escaped.
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: "\n \t              ")
    }

    static func randomValue(depth: Int, rng: inout SeededGenerator) -> Any {
        let roll = rng.next() % 10
        if depth > 3 || roll < 4 {
            switch rng.next() % 6 {
            case 0: return Int(truncatingIfNeeded: rng.next()) >> Int(rng.next() % 60)
            case 1: return Double(Int64(truncatingIfNeeded: rng.next()) % 1_000_000_000) / 1000
            case 2: return ["a b", "tab\there", "q\"uote", "back\\slash", "été", "名前 😋", ""][Int(rng.next() % 7)]
            case 3: return rng.next() % 2 == 0
            default: return NSNull()
            }
        }
        let count = Int(rng.next() % 6)
        if roll < 7 { return (0..<count).map { _ in randomValue(depth: depth + 1, rng: &rng) } }
        var object: [String: Any] = [:]
        for index in 0..<count { object["key \(index) \"k\""] = randomValue(depth: depth + 1, rng: &rng) }
        return object
    }

    /// `compacting`: the engine that once compacted white space first (simdjson) against yajl
    /// reading the text as it is; both must give the same document or the same error.
    func outcome(_ text: String, compacting: Bool, usesArena: Bool = true) -> Result<JSON, FastMapError> {
        Array(text.utf8).withUnsafeBytes { bytes in
            do throws(FastMapError) {
                let document = try JSONDocument.parse(
                    bytes, parser: compacting ? .simdjson : .yajl, maximumDepth: 512, usesArena: usesArena)
                return .success(JSON(document: document))
            } catch {
                return .failure(error)
            }
        }
    }

    func expectSameOutcome(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        switch (outcome(text, compacting: true), outcome(text, compacting: false)) {
        case (.success(let compacted), .success(let direct)):
            #expect(compacted == direct, sourceLocation: sourceLocation)
        case (.failure(let compacted), .failure(let direct)):
            #expect(compacted.kind == direct.kind, sourceLocation: sourceLocation)
            #expect(compacted.message == direct.message, sourceLocation: sourceLocation)
            #expect(compacted.location == direct.location, sourceLocation: sourceLocation)
        case (let compacted, let direct):
            Issue.record(
                "compacting changed the outcome of \(text.prefix(120)): \(compacted) vs \(direct)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func compactedTreesEqualDirectTrees() throws {
        let documents = Self.indentedDocuments()
        #expect(documents.count == 12)
        for text in documents {
            let bytes = Array(text.utf8)
            let spaces = bytes.filter { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }.count
            #expect(spaces * 2 >= bytes.count, "fixture too dense to be compacted")
            expectSameOutcome(text)
        }
        for text in Self.corpora() { expectSameOutcome(text) }
    }

    @Test func compactedErrorsAreReportedInTheOriginalText() {
        let alphabet = Array(" \n\t{}[]:,\"\\0123456789-+.eEtrufalsn\u{1}é".utf8) + [0xFF, 0xC3]
        var rng = SeededGenerator(seed: 23)
        for text in Self.indentedDocuments() {
            let original = Array(text.utf8)
            guard !original.isEmpty else { continue }
            for _ in 0..<40 {
                var bytes = original
                for _ in 0...Int(rng.next() % 2) {
                    bytes[Int(rng.next() % UInt64(bytes.count))] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
                expectSameOutcome(String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    @Test func tokensSplitOnlyByWhiteSpaceStayApart() {
        let padding = String(repeating: " ", count: 40)
        for text in [
            "[1 2]", "[tr ue]", "{\"a\": - 1}", "[1. 5]", "[nu ll]", "[\"a\" \"b\"]", "[1 ,2 ]", "1 2", "[-\t0]",
        ] {
            let padded = padding + text.replacingOccurrences(of: " ", with: padding) + padding
            expectSameOutcome(padded)
        }
        #expect(throws: FastMapError.self) { try JSON(string: padding + "[1" + padding + "2]") }
        #expect((try? JSON(string: padding + "[1" + padding + ",2]"))?.count == 2)
    }

    // MARK: Duplicate keys after the optimistic build

    @Test(arguments: [true, false])
    func firstDuplicateStillWins(usesArena: Bool) throws {
        let members = (0..<500).map { "\"m\($0)\": \($0)" }.joined(separator: ", ")
        let texts = [
            #"{"a": 1, "b": {"x": 1, "x": [2]}, "a": {"late": true}}"#,
            "{\(members), \"m7\": \"again\", \"z\": {\"x\": 1, \"x\": 2}}",
            "[{\"k\": [1, 2], \"k\": null}, {\"k\": 3}]",
        ]
        for text in texts {
            for padded in [text, text.replacingOccurrences(of: ", ", with: ",\n          ")] {
                let json = try #require(try? outcome(padded, compacting: true, usesArena: usesArena).get())
                #expect(json == (try outcome(padded, compacting: false, usesArena: usesArena).get()))
                for parser in JSONParser.allCases {
                    #expect(json == (try JSON(string: padded, options: .init(parser: parser, usesArena: usesArena))))
                }
            }
        }
        let first = try JSON(string: texts[0])
        #expect(first["a"]?.int == 1)
        #expect(first["b"]?["x"]?.int == 1)
        #expect(first.keys == ["a", "b"])
        let second = try JSON(string: texts[1])
        #expect(second["m7"]?.int == 7)
        #expect(second["z"]?["x"]?.int == 1)
        #expect(second.count == 501)
        #expect(try JSON(string: texts[2])[0]?["k"]?.array?.count == 2)
    }

    // MARK: [String: T] in one pass

    struct Item: Codable, Equatable {
        var id: Int
        var tags: [String: String]
    }

    @Test func stringKeyedDictionariesDecodeAsJSONDecoderDoes() {
        assertSameDecoding([String: Int].self, #"{"a": 1, "b": 2, "": 3}"#)
        assertSameDecoding([String: Int].self, #"{"a": 1, "a": 2}"#)
        assertSameDecoding([String: Int].self, "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}")
        assertSameDecoding([String: Int].self, #"{"a": 1, "b": "x"}"#)
        assertSameDecoding([String: Int].self, #"{"1": 1, "03": "x"}"#)
        assertSameDecoding([String: [Int]].self, #"{"-2": [1, "x"]}"#)
        assertSameDecoding([String: Int].self, #"{"a": 1, "b": null}"#)
        assertSameDecoding([String: Int].self, "null")
        assertSameDecoding([String: Int].self, "[1]")
        assertSameDecoding([String: Int?].self, #"{"a": null, "b": 2}"#)
        assertSameDecoding([String: [String: Int]].self, #"{"outer": {"inner": 1.5}}"#)
        assertSameDecoding([String: Item].self, #"{"x": {"id": 1, "tags": {"t": "v"}}, "y": {"id": 2, "tags": []}}"#)
        assertSameDecoding([Item].self, #"[{"id": 1, "tags": {"t": "v", "u": "w"}}, {"id": 2, "tags": null}]"#)
        assertSameDecoding([String: Item].self, #"{"x": {"id": 1, "tags": {"t": 5}}}"#)
        assertSameDecoding(
            [String: Item].self, #"{"some_key": {"id": 1, "tags": {"snake_case": "v"}}}"#,
            configure: { fast, foundation in
                fast.keyDecodingStrategy = .convertFromSnakeCase
                foundation.keyDecodingStrategy = .convertFromSnakeCase
            })
    }

    @Test func arraysOfModelsDecodeAsJSONDecoderDoes() {
        assertSameDecoding([Item].self, #"[{"id": 1, "tags": {}}, {"id": 2, "tags": {"a": "b"}}]"#)
        assertSameDecoding([Item].self, #"[{"id": 1, "tags": {}}, {"id": "2", "tags": {}}]"#)
        assertSameDecoding([Item].self, #"[{"id": 1, "tags": {}}, null]"#)
        assertSameDecoding([Item].self, #"[{"id": 1}]"#)
        assertSameDecoding([Item].self, #"{"id": 1, "tags": {}}"#)
        assertSameDecoding([Item].self, "null")
        assertSameDecoding([Item].self, "[]")
        assertSameDecoding([Item?].self, #"[null, {"id": 3, "tags": {}}]"#)
        assertSameDecoding([[Item]].self, #"[[], [{"id": 1, "tags": {}}], [{"id": 2, "tags": 7}]]"#)
        assertSameDecoding([[[Double]]].self, "[[[1.5, 2], [3, 4e2]], [[-0.0]], [[1, true]]]")
        assertSameDecoding([String: [Item]].self, #"{"k": [{"id": 1, "tags": {"x": null}}]}"#)
    }
}
