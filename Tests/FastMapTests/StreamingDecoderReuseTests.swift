@_spi(FastMapCore) import FastMapCore
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

    /// Record `index`: members in either order, and (but for every third) an exceptional real
    /// only its own text holds.
    static func record(_ index: Int) -> String {
        let exact = index.isMultiple(of: 3) ? "" : #","exact":\#(exactText(index))"#
        return index.isMultiple(of: 2)
            ? #"{"id":\#(index),"name":"n\#(index)"\#(exact)}"#
            : #"{"name":"n\#(index)"\#(exact),"id":\#(index),"extra":[1,{"id":-1}]}"#
    }

    /// What record `index` decodes to.
    static func expectedRecord(_ index: Int) -> Record {
        Record(id: index, name: "n\(index)", exact: index.isMultiple(of: 3) ? nil : Decimal(string: exactText(index)))
    }

    static func records(_ count: Int) -> [String] { (0..<count).map(record) }

    static func expected(_ count: Int) -> [Record] { (0..<count).map(expectedRecord) }

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

    /// A loop's filtered sparse session starts again for the next element only when nothing
    /// else holds it: not a parked decoder, but a decoder that outlived its element (or anyone
    /// else) does, and then the next element gets a new one.
    /// A session seen weakly: the test must not hold it (a hold would make it shared).
    final class Seen {
        weak var session: SparseDecodingSession?
        init(_ session: SparseDecodingSession) { self.session = session }
    }

    @Test func theFilteredSessionStartsAgainOnlyWhenNothingElseHoldsIt() throws {
        let shape = JSONSparseShape()
        _ = shape.member("id")
        let schema = JSONSparseSchema(shape)
        let options = FastJSONDecoder().options
        let root = try JSON(bytes: Array(#"{"id":1}"#.utf8))
        let spare = SpareTreeDecoder()
        // Each session is let go of by the caller, as the element loop does.
        func element(parking: Bool) -> (seen: Seen, decoder: JSONTreeDecoder?) {
            let session = spare.session(filteredBy: schema)
            #expect(!session.needsFullTree)
            session.readsFullDocument()
            let decoder = spare.take(root: root, options: options, sparse: session)
            if parking {
                spare.keep(decoder)
                return (Seen(session), nil)
            }
            return (Seen(session), decoder)
        }
        // A parked decoder lets go of its session: the next element starts it again.
        let first = element(parking: true)
        let second = element(parking: true)
        #expect(first.seen.session != nil)
        #expect(second.seen.session === first.seen.session)
        // A decoder that outlived its element still holds its session: the next one is new.
        let third = element(parking: false)
        #expect(third.seen.session === first.seen.session)
        let fourth = element(parking: true)
        #expect(fourth.seen.session != nil)
        #expect(fourth.seen.session !== third.seen.session)
        #expect(third.decoder?.sparse === third.seen.session)
        // Another schema: a new session.
        let other = spare.session(filteredBy: JSONSparseSchema(JSONSparseShape()))
        #expect(other !== fourth.seen.session)
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
