import CFastMap
import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap
@testable import FastMapCore

/// A large top-level `[T]` is read element by element (issue #17): only about a slice of the
/// text's trees is alive at once. It must be invisible: the same value or the same error
/// (case, coding path, description) as decoding the whole tree, for every input.
@Suite("Element-by-element decoding of large arrays")
struct ElementByElementDecodingTests {
    /// A decoder that reads every top-level array element by element (`true`) or never.
    static func decoder(elementByElement: Bool, _ configure: (FastJSONDecoder) -> Void = { _ in }) -> FastJSONDecoder {
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = elementByElement ? 0 : .max
        decoder.sparseDecoding.isEnabled = false  // compared with the plain one-tree decode
        configure(decoder)
        return decoder
    }

    /// What one way made of the input: the value, or the error's case, path and description.
    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case failure(String)
    }

    /// The two ways' outcomes.
    static func outcomes<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, at path: JSONKeyPath? = nil, _ configure: (FastJSONDecoder) -> Void = { _ in }
    ) -> (elementByElement: Outcome<T>, whole: Outcome<T>) {
        func outcome(_ decoder: FastJSONDecoder) -> Outcome<T> {
            do {
                if let path { return .value(try decoder.decode(type, from: Data(text.utf8), at: path)) }
                return .value(try decoder.decode(type, from: Data(text.utf8)))
            } catch let error as DecodingError {
                let failure = DecodingFailure(error)
                return .failure("\(failure) — \(failure.debugDescription)")
            } catch {
                return .failure("other \(error)")
            }
        }
        return (
            outcome(decoder(elementByElement: true, configure)), outcome(decoder(elementByElement: false, configure))
        )
    }

    static func expectSame<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, at path: JSONKeyPath? = nil, _ configure: (FastJSONDecoder) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (elementByElement, whole) = outcomes(type, text, at: path, configure)
        #expect(elementByElement == whole, "\(text)", sourceLocation: sourceLocation)
    }

    struct Record: Codable, Equatable {
        var id: Int
        var name: String
        var score: Double?
        var createdAt: Date
    }

    @Test func valuesAndErrorsAreTheWholeTreesOnEdgeInputs() {
        Self.expectSame([Int].self, "[]")
        Self.expectSame([Int].self, " \n[ ]\t")
        Self.expectSame([Int].self, "\u{FEFF}[1,2]")
        Self.expectSame([Int].self, "[1,2,]")  // the streaming parser refuses it; the whole tree takes it
        Self.expectSame([Int].self, "[1,,2]")
        Self.expectSame([Int].self, "[1, 2")
        Self.expectSame([Int].self, "[1] x")
        Self.expectSame([Int].self, "{}")
        Self.expectSame([Int].self, "7")
        Self.expectSame([Int].self, "")
        Self.expectSame([Int].self, #"[1, "a", 3]"#)
        // A later syntax error wins over an earlier element that does not decode, as in one tree.
        Self.expectSame([Int].self, #"[1, "a", 3, }"#)
        Self.expectSame([Int?].self, "[1, null, 3]")
        Self.expectSame([[String: Int]].self, #"[{"a":1,"a":2}, {"b":3}]"#)
        Self.expectSame([UInt8].self, "[1, 256]")
        Self.expectSame([Int].self, "[18446744073709551616]")
        Self.expectSame([Decimal].self, "[123456789012345678901234567890.25, 19.99]")
        Self.expectSame([[[Int]]].self, "[[[1]], [[2, 3]]]") { $0.maximumDepth = 3 }
        Self.expectSame([[[Int]]].self, "[[[1]], [[2, 3]]]") { $0.maximumDepth = 2 }
        Self.expectSame([Double].self, #"[1.5, "+inf"]"#) {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        Self.expectSame([Record].self, #"[{"id":1,"name":"a","created_at":10},{"id":2,"name":"b","created_at":"x"}]"#) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $0.dateDecodingStrategy = .secondsSince1970
        }
        Self.expectSame([Record].self, #"[{"id":1,"name":"a","created_at":10,"score":2.5}]"#) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $0.dateDecodingStrategy = .secondsSince1970
        }
    }

    /// The array at a key path is read element by element too: values, errors with their coding
    /// paths (`data`, `Index 1`), duplicate keys (the first wins), paths through arrays, paths
    /// that miss, and text after the array that breaks the document.
    @Test func arraysAtKeyPathsAreTheWholeTreesToo() {
        Self.expectSame([Int].self, #"{"data":[1,2,3]}"#, at: "data")
        Self.expectSame([Int].self, #"{"meta":{"n":2},"data":[1,2,3],"more":{"x":[4]}}"#, at: "data")
        Self.expectSame([Int].self, #"{"data":[1,"a",3]}"#, at: "data")
        Self.expectSame([Int].self, #"{"data":[1,2],"data":[3]}"#, at: "data")
        Self.expectSame([Int].self, #"{"data":[1,2]} x"#, at: "data")
        Self.expectSame([Int].self, #"{"data":[1,2],"after":[1,}"#, at: "data")
        Self.expectSame([Int].self, #"{"data":[1,2,]}"#, at: "data")
        Self.expectSame([Int].self, #"{"data":{"a":1}}"#, at: "data")
        Self.expectSame([Int].self, #"{"other":[1]}"#, at: "data")
        Self.expectSame([Int].self, #"[1,2]"#, at: "data")
        Self.expectSame([Int].self, #"{"a":[{"b":[5,6]},{"b":[7]}]}"#, at: "a[1].b")
        Self.expectSame([Int].self, #"{"a":[{"b":[5,6]}]}"#, at: "a[3].b")
        Self.expectSame([Int].self, #"{"a":{"b":{"c":[9]}}}"#, at: "a.b.c")
        let records = #"{"items":[{"id":1,"name":"a","created_at":10},{"id":2,"name":"b"}]}"#
        Self.expectSame([Record].self, records, at: "items") {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $0.dateDecodingStrategy = .secondsSince1970
        }
        var generator = RandomDecodingCaseGenerator(seed: 0xDA7A)
        for _ in 0..<100 {
            let list = "[\(generator.nextDocument()), \(generator.nextDocument())]"
            let text = #"{"head":\#(generator.nextDocument()),"list":\#(list),"tail":\#(generator.nextDocument())}"#
            Self.expectSame([AnyValue].self, text, at: "list")
        }
        // And the path really is read element by element: each element has a tree of its own.
        let apart = try? Self.decoder(elementByElement: true).decode(
            [JSON].self, from: Data(#"{"data":[{"a":1},{"b":2}]}"#.utf8), at: "data")
        #expect(apart.map { $0[0].document !== $0[1].document } == true)
    }

    /// Reals whose double does not tell their exact value: read from the text either way.
    @Test func exceptionalNumbersReadTheirText() {
        Self.expectSame([Int].self, "[92333720368547758.07, 1.5e3]")
        Self.expectSame([Decimal].self, "[0.30000000000000001, 19.99]")
        Self.expectSame([Double].self, "[1e-400, 0e-200]")
    }

    @Test func randomModelsInArrays() {
        var generator = RandomDecodingCaseGenerator(seed: 0xE1E_3E7)
        var failures: [String] = []
        for index in 0..<400 {
            let sample = generator.next()
            let box = RandomSchemaBox(sample.schema)
            let text = "[\(sample.json),\n\(sample.json)]"
            let (elementByElement, whole) = Self.outcomes([SchemaDecoded].self, text) { decoder in
                decoder.userInfo[randomSchemaKey] = box
                decoder.dateDecodingStrategy = sample.dateStrategy
                if sample.snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            }
            if elementByElement != whole {
                failures.append("case \(index) (\(sample.corruption)): \(text)\n\(elementByElement)\n\(whole)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.first ?? "")")
    }

    @Test func randomDocumentsInArrays() {
        var generator = RandomDecodingCaseGenerator(seed: 17)
        for _ in 0..<300 {
            let text = "[\(generator.nextDocument()), \(generator.nextDocument()), \(generator.nextDocument())]"
            Self.expectSame([AnyValue].self, text)
        }
    }

    /// The document an element was decoded from: what tells the two ways apart, as each element
    /// read on its own has a tree of its own. (A `JSON` element would not tell: it copies its
    /// part of the document either way.)
    struct DocumentProbe: Decodable {
        let document: ObjectIdentifier

        init(from decoder: any Decoder) throws {
            document = ObjectIdentifier(try #require(decoder as? JSONTreeDecoder).document)
        }
    }

    @Test func largeArraysAreReadElementByElementFromTheDefaultSize() throws {
        let small = #"[{"a":1},{"b":2}]"#
        let apart = try Self.decoder(elementByElement: true).decode([DocumentProbe].self, from: Data(small.utf8))
        #expect(apart[0].document != apart[1].document)
        let together = try Self.decoder(elementByElement: false).decode([DocumentProbe].self, from: Data(small.utf8))
        #expect(together[0].document == together[1].document)

        // The default: documents from 8 MiB, whichever entry point receives them.
        let element = "\"" + String(repeating: "x", count: 1 << 20) + "\""
        let large = "[" + Array(repeating: element, count: 9).joined(separator: ",") + "]"
        let decoder = FastJSONDecoder()
        decoder.sparseDecoding.isEnabled = false
        let fromData = try decoder.decode([DocumentProbe].self, from: Data(large.utf8))
        #expect(fromData.count == 9 && fromData[0].document != fromData[8].document)
        let fromBytes = try decoder.decode([DocumentProbe].self, from: Array(large.utf8))
        #expect(fromBytes[0].document != fromBytes[1].document)
        let smallDefault = try decoder.decode([DocumentProbe].self, from: Data(small.utf8))
        #expect(smallDefault[0].document == smallDefault[1].document)
    }

    /// Reads one of its two keys: sparse decoding serves it.
    struct ReadsA: Decodable, Equatable {
        var a: Int
    }

    /// Past the threshold every size goes element by element; a type sparse decoding serves has
    /// its elements filtered (from the call's second element on), a type that reads everything
    /// is given up after its first element.
    @Test func sparseElementsServeLargeArrays() throws {
        let record = #"{"a":1,"pad":"\#(String(repeating: "p", count: 80))"}"#
        func array(bytes: Int) -> Data {
            let count = bytes / (record.utf8.count + 1) + 1
            return Data(("[" + Array(repeating: record, count: count).joined(separator: ",") + "]").utf8)
        }
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = 1000
        let midSized = array(bytes: 2000)
        let before = decoder.sparseDecoding.statistics
        #expect(try decoder.decode([ReadsA].self, from: midSized).count > 10)
        let first = decoder.sparseDecoding.statistics
        #expect(first.filteredDecodes == before.filteredDecodes)
        #expect(try decoder.decode([ReadsA].self, from: array(bytes: 5000)).count > 40)
        let second = decoder.sparseDecoding.statistics
        #expect(second.filteredElements > first.filteredElements)
        #expect(second.filteredDecodes == before.filteredDecodes)

        // A type that reads every value: sparse decoding gives it up after its first element (a
        // type of this test's own, as the schema cache is process-wide).
        let all = array(bytes: 2000)
        let firstAll = try decoder.decode([ReadsAll].self, from: all)
        let learned = decoder.sparseDecoding.statistics
        #expect(learned.learningElements == second.learningElements + 1)
        #expect(try decoder.decode([ReadsAll].self, from: all) == firstAll)
        #expect(decoder.sparseDecoding.statistics.learningElements == learned.learningElements)
        #expect(decoder.sparseDecoding.statistics.filteredElements == learned.filteredElements)
    }

    /// Reads both of its keys: sparse decoding has nothing to leave out.
    struct ReadsAll: Decodable, Equatable {
        var a: Int
        var pad: String
    }

    /// Settings whose meaning depends on the whole tree keep the whole tree.
    @Test func wholeTreeSettingsKeepTheWholeTree() throws {
        let text = #"[{"a":1},{"b":2}]"#
        let settings: [(FastJSONDecoder) -> Void] = [
            { $0.memoryLimit = 1 << 20 }, { $0.allowsJSON5 = true },
            { $0.lossyCoercions = .skipInvalidArrayElements },
        ]
        for configure in settings {
            let values = try Self.decoder(elementByElement: true, configure).decode(
                [DocumentProbe].self, from: Data(text.utf8))
            #expect(values[0].document == values[1].document)
        }
    }

    /// Counts its `init(from:)` calls, per test (each test decodes under its own tag).
    struct Counted: Decodable {
        static let calls = LockedValue<[String: Int]>([:])
        var score: Double

        enum CodingKeys: String, CodingKey { case tag, score }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let tag = try container.decode(String.self, forKey: .tag)
            Self.calls.withLock { $0[tag, default: 0] += 1 }
            score = try container.decode(Double.self, forKey: .score)
        }
    }

    /// A model's `init(from:)` runs once per element up to the one that fails, as with
    /// `JSONDecoder`, and the error is the whole tree's; when the text after that element is
    /// malformed, the whole document's parse error wins and no element runs again.
    @Test func elementsDecodeOnceWhenOneFails() throws {
        func text(_ tag: String, count: Int, tail: String = "]") -> Data {
            let good = (0..<(count - 1)).map { #"{"tag":"\#(tag)","score":\#($0)}"# }
            return Data(("[" + (good + [#"{"tag":"\#(tag)","score":"high"}"#]).joined(separator: ",") + tail).utf8)
        }
        func calls(_ tag: String) -> Int { Counted.calls.withLock { $0[tag, default: 0] } }
        for sparse in [false, true] {
            let suffix = sparse ? "-sparse" : ""
            let decoder = Self.decoder(elementByElement: true) { $0.sparseDecoding.isEnabled = sparse }
            let whole = Self.decoder(elementByElement: false) { $0.sparseDecoding.isEnabled = sparse }

            if !sparse {
                #expect(throws: DecodingError.self) {
                    try JSONDecoder().decode([Counted].self, from: text("foundation", count: 3000))
                }
            }
            let streamed = try #require(throws: DecodingError.self) {
                try decoder.decode([Counted].self, from: text("fast" + suffix, count: 3000))
            }
            let expected = try #require(throws: DecodingError.self) {
                try whole.decode([Counted].self, from: text("whole" + suffix, count: 3000))
            }
            #expect(calls("foundation") == 3000)
            // A sparse decode may read the failing element once more, from its full tree (when
            // it was filtered: the filtered tree may lack what a model reads only sometimes,
            // and the error must be the full tree's).
            #expect(calls("fast" + suffix) >= 3000 && calls("fast" + suffix) <= (sparse ? 3001 : 3000))
            #expect("\(DecodingFailure(streamed))" == "\(DecodingFailure(expected))")
            #expect(DecodingFailure(streamed).debugDescription == DecodingFailure(expected).debugDescription)

            // Malformed after the failing element: the parse error, from the whole tree's parse.
            let malformed = try #require(throws: DecodingError.self) {
                try decoder.decode([Counted].self, from: text("malformed" + suffix, count: 3000, tail: ",}"))
            }
            guard case .dataCorrupted = malformed else {
                Issue.record("expected dataCorrupted, got \(malformed)")
                continue
            }
            #expect(calls("malformed" + suffix) <= 3000)
        }
    }

    /// A text the streaming parser rejects is read once more, by yajl alone on the text as given,
    /// for the whole document's error: not by a simdjson walk that would reject it too before
    /// handing it to yajl, nor by yajl on a compacted copy first (a text mostly of white space).
    @Test func rejectedTextIsParsedOnceMore() throws {
        let dense = (0..<3000).map { #"{"id":\#($0),"name":"n\#($0)","score":1.5,"createdAt":0}"# }
        let indent = "\n" + String(repeating: " ", count: 24)
        let spaced = (0..<1000).map { (index: Int) -> String in
            let members = [#""id": \#(index)"#, #""name": "n""#, #""createdAt": 0"#]
            return "{" + indent + members.joined(separator: "," + indent) + indent + "}"
        }
        // Malformed, cut short, more after the end, a control character in a string: each with
        // and without trailing commas allowed (the streaming parser then reads a blanked copy).
        let bodies = [dense, spaced].map { "[" + $0.joined(separator: ",") }
        let texts: [String] = bodies.flatMap { (body: String) -> [String] in
            [body + ",}", body, body + "] 7", body + #",{"id":1,"name":"\#u{01}"}]"#, body + ",]]"]
        }
        for text in texts {
            for trailingCommas in [true, false] {
                let configure = { (decoder: FastJSONDecoder) in decoder.allowsTrailingCommas = trailingCommas }
                let parses = fm_test_parses()
                let (elementByElement, whole) = Self.outcomes([Record].self, text, configure)
                // The whole decode's simdjson walk and yajl, and before them yajl alone.
                #expect(fm_test_parses() - parses == 3, "\(text.suffix(20)) \(trailingCommas)")
                #expect(elementByElement == whole, "\(text.suffix(20)) \(trailingCommas)")
                if case .value = elementByElement { Issue.record("decoded \(text.suffix(20))") }
            }
        }
        // A text the streaming parser rejects and yajl accepts (it reads UTF-16 as UTF-8) is then
        // decoded as usual.
        let utf16 = try #require("[1, 2, 3]".data(using: .utf16))
        #expect(try Self.decoder(elementByElement: true).decode([Int].self, from: utf16) == [1, 2, 3])
    }

    /// A large top-level array with trailing commas (which `JSONDecoder` and FastMap accept by
    /// default), at the size that is read element by element by default: each element's
    /// `init(from:)` runs once per decode, on the first decode of the type in a process and on
    /// later ones, and a decode that fails throws exactly the one-tree decode's error.
    @Test func trailingCommasKeepElementsDecodingOnce() throws {
        let count = 40_000
        // A member no model reads makes each element about 230 bytes: the text passes the
        // threshold with a tenth of the elements (and of the test's time) short ones would take.
        let note = String(repeating: "n", count: 200)
        // Trailing commas in the last element and after it: the streaming parser, which is
        // strict, met them only once every element before had been decoded.
        func text(_ tag: String, failing: Bool = false) -> Data {
            var elements = (0..<(count - 1)).map { #"{"tag":"\#(tag)","note":"\#(note)","score":\#($0)}"# }
            elements.append(failing ? #"{"tag":"\#(tag)","score":"high",}"# : #"{"tag":"\#(tag)","score":1,}"#)
            return Data(("[" + elements.joined(separator: ",") + ",\n]").utf8)
        }
        func calls(_ tag: String) -> Int { Counted.calls.withLock { $0[tag, default: 0] } }
        #expect(text("t-0").count >= 8 << 20)
        let decoder = FastJSONDecoder()  // the default threshold, sparse decoding and trailing commas
        for round in 0..<3 {
            let tag = "t-\(round)"
            #expect(try decoder.decode([Counted].self, from: text(tag)).count == count)
            #expect(calls(tag) == count, "round \(round)")
        }
        let whole = Self.decoder(elementByElement: false)
        let expected = try #require(throws: DecodingError.self) {
            try whole.decode([Counted].self, from: text("whole", failing: true))
        }
        for round in 0..<2 {
            let tag = "failing-\(round)"
            let thrown = try #require(throws: DecodingError.self) {
                try decoder.decode([Counted].self, from: text(tag, failing: true))
            }
            #expect("\(DecodingFailure(thrown))" == "\(DecodingFailure(expected))")
            #expect(DecodingFailure(thrown).debugDescription == DecodingFailure(expected).debugDescription)
            // A sparse decode may read the failing element once more, from its full tree.
            #expect(calls(tag) >= count && calls(tag) <= count + 1, "round \(round): \(calls(tag))")
        }
    }
}
