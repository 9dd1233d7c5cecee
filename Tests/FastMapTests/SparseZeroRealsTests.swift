import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// A zero read as a `Double` keeps sparse decoding on. Reading a zero asks whether its text was
/// an underflow (`1e-400`, which `JSONDecoder` refuses), and that text used to come from walking
/// the input beside the tree, which only the full tree matches: so every filtered document with
/// a zero beside a long real, and every filtered streamed element with a zero, was decoded again
/// in full, and after two such fallbacks the type lost sparse decoding for good. The parser now
/// says when every zero of the tree was written as a plain zero, and a streamed element reads the
/// texts its tokenizer kept by node.
@Suite struct SparseZeroRealsTests {
    /// The model of every test: sparse schemas are per type, so each test has its own `Tag`.
    struct ScoreRecord<Tag, Score: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
        var id: Int
        var score: Score
    }
    enum WholeDocument {}
    enum StreamedElements {}
    enum Underflows {}
    enum StreamedUnderflows {}

    /// Records with a zero score every tenth, long reals between (whose doubles do not tell
    /// their text), and members the models never read.
    static func records(_ count: Int, zero: String = "0.0") -> String {
        let items = (0..<count).map { i in
            let score = i % 10 == 0 ? zero : "\(Double(i) / 7)"
            return #"{"id":\#(i),"name":"n\#(i)","score":\#(score),"tags":["a",{"x":[1.25,2]}],"on":true}"#
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }

    @Test func aWholeDocumentStaysFiltered() throws {
        let documents = [Self.records(40), Self.records(40, zero: "-0.0"), Self.records(25, zero: "0.00")]
        let statistics = expectSparseMatchesFull([ScoreRecord<WholeDocument, Double>].self, documents, rounds: 2)
        #expect(statistics.learningDecodes == 1)
        #expect(statistics.fallbacks == 0)
        #expect(statistics.filteredDecodes == documents.count * 2 - 2)
    }

    @Test func streamedElementsStayFiltered() throws {
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = 0
        let data = Data(Self.records(200).utf8)
        let reference = try JSONDecoder().decode([ScoreRecord<StreamedElements, Double>].self, from: data)
        #expect(try decoder.decode([ScoreRecord<StreamedElements, Double>].self, from: data) == reference)
        // The first decode learns (its elements are built before the schema exists).
        let first = decoder.sparseDecoding.statistics
        #expect(first.elementFallbacks == 0)
        #expect(try decoder.decode([ScoreRecord<StreamedElements, Double>].self, from: data) == reference)
        let second = decoder.sparseDecoding.statistics
        // Every element of the second decode was filtered, the twenty zeros included.
        #expect(second.elementFallbacks == 0)
        #expect(second.filteredElements == first.filteredElements + 200)
    }

    @Test func underflowsStillFailAsFoundationFails() {
        // Zeros that are not plain zeros, read by a filtered decode: the full tree's error (or
        // value, for a zero written with an exponent) every time.
        let documents = [
            Self.records(30), Self.records(30, zero: "1e-400"), Self.records(30), Self.records(30, zero: "0e-200"),
            Self.records(30, zero: "-0.000000000000000000"), Self.records(30, zero: "1e-60"),
        ]
        for statistics in [
            expectSparseMatchesFull([ScoreRecord<Underflows, Double>].self, documents, rounds: 2),
            expectSparseMatchesFull([ScoreRecord<Underflows, Float>].self, documents, rounds: 2),
        ] {
            // Plain zeros were answered from filtered trees, the others from full ones.
            #expect(statistics.filteredDecodes > 0)
            #expect(statistics.fallbacks > 0)
        }
    }

    @Test func underflowsInStreamedElementsStillFailAsFoundationFails() async {
        let documents = [
            Array(Self.records(30).utf8), Array(Self.records(30, zero: "1e-400").utf8),
            Array(Self.records(30, zero: "0e-200").utf8), Array(Self.records(30).utf8),
        ]
        await expectStreamedSparseMatchesFull(ScoreRecord<StreamedUnderflows, Double>.self, documents, rounds: 2)
    }
}
