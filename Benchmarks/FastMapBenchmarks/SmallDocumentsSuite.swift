import FastMap
import Foundation

/// Many small documents, each decoded on its own: a server's request bodies. The per-document
/// costs (a decoder call, a parser's setup, an arena) weigh here, not the bytes, so this is
/// where an engine with a costly start would lose. The documents are the 30 events of
/// github_events.json written one per document (about 2 KB each), and 200 seeded records
/// of `SparseRecordsSuite`'s shape (about 150 bytes each).
enum SmallDocumentsSuite {
    static func benchmarks(corpora: [Corpus]) -> [Benchmark] {
        var benchmarks: [Benchmark] = []
        if let events = corpora.first(where: { $0.shape == .githubEvents }),
            let array = try? JSONSerialization.jsonObject(with: events.data) as? [Any]
        {
            let documents = array.compactMap { try? JSONSerialization.data(withJSONObject: $0) }
            benchmarks.append(suite(documents, GitHubEvent.self, corpus: "github events one by one"))
        }
        let records = try? JSONDecoder().decode(
            [SparseRecordsSuite.FullRecord].self, from: SparseRecordsSuite.records(megabytes: 1))
        let documents = (records ?? []).prefix(200).compactMap { try? JSONEncoder().encode($0) }
        benchmarks.append(suite(documents, SparseRecordsSuite.FullRecord.self, corpus: "records one by one"))
        return benchmarks
    }

    static func suite<Model: Codable & Equatable>(
        _ documents: [Data], _ model: Model.Type, corpus: String
    ) -> Benchmark {
        let reference = documents.map { try? JSONDecoder().decode(Model.self, from: $0) }
        var competitors: [Competitor] = []
        for parser in JSONParser.allCases {
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            Suites.warnUnless(
                documents.map { try? decoder.decode(Model.self, from: $0) } == reference,
                "FastJSONDecoder (\(parser))'s models differ from JSONDecoder's", corpus)
            competitors.append(
                Competitor(name: "FastJSONDecoder (\(parser))", isFoundation: false) {
                    let decoder = FastJSONDecoder()
                    decoder.parser = parser
                    for document in documents { consume(try decoder.decode(Model.self, from: document)) }
                })
        }
        competitors.append(
            Competitor(name: "JSONDecoder", isFoundation: true) {
                let decoder = JSONDecoder()
                for document in documents { consume(try decoder.decode(Model.self, from: document)) }
            })
        for parser in JSONParser.allCases {
            competitors.append(
                Competitor(name: "JSON (\(parser))", isFoundation: false) {
                    for document in documents { consume(try JSON(data: document, options: .init(parser: parser))) }
                })
        }
        competitors.append(
            Competitor(name: "JSONSerialization", isFoundation: true) {
                for document in documents { consume(try JSONSerialization.jsonObject(with: document)) }
            })
        return Benchmark(
            task: "small documents", corpus: corpus, bytes: documents.reduce(0) { $0 + $1.count },
            competitors: competitors)
    }
}
