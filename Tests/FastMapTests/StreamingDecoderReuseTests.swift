import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// A streaming call hands one tree decoder from element to element (`SpareTreeDecoder`): what
/// an element reads must never depend on the elements before it, and a decoder a model keeps
/// must go on reading its own element.
@Suite("Streaming: one decoder for every element")
struct StreamingDecoderReuseTests {
    enum Key: String, CodingKey { case id, name, exact, rest }

    /// Reads `name` then `id` (members come in either order) and `exact` as a `Decimal`, whose
    /// digits come from the element's own kept number text.
    struct Record: Decodable, Equatable, Sendable {
        var id: Int
        var name: String
        var exact: Decimal?

        init(id: Int, name: String, exact: Decimal?) {
            self.id = id
            self.name = name
            self.exact = exact
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            name = try container.decode(String.self, forKey: .name)
            id = try container.decode(Int.self, forKey: .id)
            exact = try container.decodeIfPresent(Decimal.self, forKey: .exact)
        }
    }

    /// Keeps the decoder it was given, and a `superDecoder` of `rest`, and reads them later.
    struct KeepsItsDecoders: Decodable, @unchecked Sendable {
        let decoder: any Decoder
        let rest: any Decoder

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
            rest = try decoder.container(keyedBy: Key.self).superDecoder(forKey: .rest)
        }

        func read() throws -> (id: Int, rest: Decimal) {
            let id = try decoder.container(keyedBy: Key.self).decode(Int.self, forKey: .id)
            return (id, try rest.singleValueContainer().decode(Decimal.self))
        }
    }

    /// An exceptional real (more digits than a double holds) distinct per element.
    static func exactText(_ index: Int) -> String { "0.1000000000000000000000000\(index)" }

    static func records(_ count: Int) -> [String] {
        (0..<count).map { index in
            let exact = index.isMultiple(of: 3) ? "" : #","exact":\#(exactText(index))"#
            return index.isMultiple(of: 2)
                ? #"{"id":\#(index),"name":"n\#(index)"\#(exact)}"#
                : #"{"name":"n\#(index)"\#(exact),"id":\#(index),"extra":[1,{"id":-1}]}"#
        }
    }

    static func expected(_ count: Int) -> [Record] {
        (0..<count).map { index in
            Record(
                id: index, name: "n\(index)",
                exact: index.isMultiple(of: 3) ? nil : Decimal(string: exactText(index)))
        }
    }

    @Test func theSpareDecoderIsHandedOnUnlessAModelKeepsIt() throws {
        let decoder = FastJSONDecoder()
        let decoding = ElementDecoding(decoder: decoder, mode: .array(.root), policy: .throw)
        let texts = Self.records(20)
        let elements = try texts.enumerated().map { index, text in
            StreamedElement(
                index: index, offset: 0, line: 1, column: 1, payload: .value(try JSON(bytes: Array(text.utf8))))
        }
        let spare = SpareTreeDecoder()
        let values = try elements.map { try decoding.apply(decoding.outcome(Record.self, $0, spare: spare), $0) }
        // Parsed as documents of their own, the elements kept no number texts.
        #expect(values.map { $0?.id } == Array(0..<20))
        #expect(values.map { $0?.name } == (0..<20).map { "n\($0)" })
        #expect(spare.handedOn == 19)

        let keeping = SpareTreeDecoder()
        let kept = try elements.map { element in
            try decoding.apply(decoding.outcome(KeepsItsDecoders.self, element, spare: keeping), element)
        }
        #expect(keeping.handedOn == 0)
        #expect(kept.count == 20)
    }

    @Test(arguments: [false, true])
    func everyPathReadsEachElementAsItsOwn(sparse: Bool) async throws {
        let count = 300
        let array = Array("[\(Self.records(count).joined(separator: ","))]".utf8)
        let lines = Array(Self.records(count).joined(separator: "\n").utf8)
        let decoder = FastJSONDecoder()
        decoder.sparseDecoding.isEnabled = sparse
        let expected = Self.expected(count)

        let url = try Hostile.temporaryFile(array, name: "reuse")
        defer { try? FileManager.default.removeItem(at: url) }
        var read: [Record] = []
        try decoder.forEach(Record.self, contentsOf: url) { read.append($0) }
        #expect(read == expected)

        read = []
        for try await record in decoder.stream(Record.self, from: Hostile.chunks(array, size: 61)) {
            read.append(record)
        }
        #expect(read == expected)

        read = []
        for try await record in decoder.lines(Record.self, from: Hostile.chunks(lines, size: 200)) {
            read.append(record)
        }
        #expect(read == expected)

        decoder.elementByElementThreshold = 0
        #expect(try decoder.decode([Record].self, from: Data(array)) == expected)
    }

    @Test func decodersKeptByModelsReadTheirOwnElements() async throws {
        let texts = (0..<50).map { #"{"id":\#($0),"rest":\#(Self.exactText($0))}"# }
        let array = Array("[\(texts.joined(separator: ","))]".utf8)
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = 0
        var kept = try decoder.decode([KeepsItsDecoders].self, from: Data(array))
        for try await model in decoder.stream(KeepsItsDecoders.self, from: Hostile.chunks(array, size: 33)) {
            kept.append(model)
        }
        let reads = try kept.map { try $0.read() }
        #expect(reads.map(\.id) == Array(0..<50) + Array(0..<50))
        #expect(reads.map(\.rest) == (Array(0..<50) + Array(0..<50)).map { Decimal(string: Self.exactText($0))! })
    }

    @Test func errorsNameTheElementThatFailedAfterOthersDecoded() async throws {
        var texts = Self.records(10)
        texts[7] = #"{"id":"seven","name":"n7"}"#
        let array = Array("[\(texts.joined(separator: ","))]".utf8)
        let failures = FailureLog()
        var read: [Record] = []
        let decoder = FastJSONDecoder()
        for try await record in decoder.stream(
            Record.self, from: Hostile.chunks(array, size: 17), onError: .collect { failures.append($0) })
        {
            read.append(record)
        }
        #expect(read.map(\.id) == [0, 1, 2, 3, 4, 5, 6, 8, 9])
        let failure = try #require(failures.all.first)
        #expect(failures.all.count == 1 && failure.index == 7)
        guard case .typeMismatch(_, let context) = failure.error else {
            Issue.record("\(failure.error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 7", "id"])
    }
}
