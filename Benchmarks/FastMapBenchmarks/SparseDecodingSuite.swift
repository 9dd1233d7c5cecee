import FastMap
import Foundation

/// Issue #17: sparse materialization measured against itself. The same decode with sparse
/// decoding on (FastJSONDecoder's default: after a type's first decode, only the members it
/// reads are built) and off (every member built, as before), per corpus and for the 2-of-6-keys
/// record array, beside JSONDecoder and the tokenizer ceiling. Run alone with
/// `swift run -c release FastMapBenchmarks --filter "sparse vs full"`.
enum SparseDecodingSuite {
    static let task = "decode models, sparse vs full tree"

    /// The rows of `corpora`, and the record array's when `recordMegabytes` is given.
    static func benchmarks(corpora: [Corpus], recordMegabytes: Int?) -> [Benchmark] {
        var benchmarks: [Benchmark] = corpora.map { corpus in
            switch corpus.shape {
            case .twitter: benchmark(TwitterSearch.self, corpus.data, corpus.name)
            case .citm: benchmark(CitmCatalog.self, corpus.data, corpus.name)
            case .canada: benchmark(FeatureCollection.self, corpus.data, corpus.name)
            case .gsoc: benchmark(GsocProjects.self, corpus.data, corpus.name)
            case .githubEvents: benchmark([GitHubEvent].self, corpus.data, corpus.name)
            case .mesh: benchmark(Mesh.self, corpus.data, corpus.name)
            }
        }
        // A dictionary of partly read values: every key kept, each value filtered.
        if let gsoc = corpora.first(where: { $0.shape == .gsoc }) {
            benchmarks.append(benchmark([String: GsocProjectName].self, gsoc.data, "\(gsoc.name) (names only)"))
        }
        // A few fields of a number-heavy document: every number is skipped, none is built.
        if let canada = corpora.first(where: { $0.shape == .canada }) {
            benchmarks.append(benchmark(FeatureCollectionOutline.self, canada.data, "\(canada.name) (outline)"))
        }
        if let mesh = corpora.first(where: { $0.shape == .mesh }) {
            benchmarks.append(benchmark(MeshBatches.self, mesh.data, "\(mesh.name) (batches only)"))
        }
        if let recordMegabytes {
            let records = SparseRecordsSuite.records(megabytes: recordMegabytes)
            benchmarks.append(
                benchmark([SparseRecordsSuite.TwoKeys].self, records, "records-\(recordMegabytes)MB (2 of 6 keys)"))
        }
        return benchmarks
    }

    static func benchmark<Model: Decodable & Equatable>(_ model: Model.Type, _ data: Data, _ name: String) -> Benchmark
    {
        func decoder(_ parser: JSONParser, sparse: Bool) -> FastJSONDecoder {
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            decoder.sparseDecoding.isEnabled = sparse
            return decoder
        }
        let full = try? decoder(.yajl, sparse: false).decode(Model.self, from: data)
        // Twice: the first decode learns what the model reads, the second decodes sparsely.
        let probe = decoder(.yajl, sparse: true)
        let learned = try? probe.decode(Model.self, from: data)
        let sparse = try? probe.decode(Model.self, from: data)
        // Whether the second decode was filtered: a model that reads (nearly) all of its
        // document keeps the plain path, and both rows then measure the same code. Arrays of
        // 8 MiB and more are read element by element, their elements filtered (the
        // `elementByElementThreshold`).
        let statistics = probe.sparseDecoding.statistics
        FileHandle.standardError.write(
            Data(
                ("sparse decoding of \(name): \(statistics.filteredDecodes) filtered, "
                    + "\(statistics.learningDecodes) learning, \(statistics.fallbacks) fallbacks; elements (arrays "
                    + "of 8 MiB and more): \(statistics.filteredElements) filtered, "
                    + "\(statistics.learningElements) learning, \(statistics.elementFallbacks) fallbacks\n").utf8))
        Suites.warnUnless(
            full != nil && learned == full && sparse == full, "sparse decoding gives other models", name)
        var competitors: [Competitor] = []
        for parser in [JSONParser.yajl, .simdjson] {
            for sparse in [true, false] {
                let label = "FastJSONDecoder (\(parser), \(sparse ? "sparse" : "full tree"))"
                competitors.append(
                    Competitor(name: label, isFoundation: false) {
                        consume(try decoder(parser, sparse: sparse).decode(Model.self, from: data))
                    })
            }
        }
        competitors.append(
            Competitor(name: "JSONDecoder", isFoundation: true) {
                consume(try JSONDecoder().decode(Model.self, from: data))
            })
        competitors.append(.tokenizer(data))
        return Benchmark(task: task, corpus: name, bytes: data.count, competitors: competitors)
    }
}
