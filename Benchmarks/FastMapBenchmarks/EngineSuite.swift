import FastMap
import Foundation

/// Issue #20's rows: each parse engine (`JSONParser.allCases`) on every corpus of
/// `../shared/bench-data` (the generated stand-ins without it), parsing to `JSON` against
/// `JSONSerialization` and decoding models against `JSONDecoder`, in the same process.
enum EngineSuite {
    static func benchmarks(generatedOnly: Bool) -> [Benchmark] {
        var benchmarks: [Benchmark] = []
        for corpus in Corpora.load(generatedOnly: generatedOnly) {
            switch corpus.shape {
            case .twitter: benchmarks += rows(corpus.name, corpus.data, TwitterSearch.self)
            case .citm: benchmarks += rows(corpus.name, corpus.data, CitmCatalog.self)
            case .canada: benchmarks += rows(corpus.name, corpus.data, FeatureCollection.self)
            }
        }
        guard !generatedOnly, let folder = Corpora.sharedFolder() else { return benchmarks }
        func load(_ file: String) -> Data? { try? Data(contentsOf: folder.appendingPathComponent(file)) }
        if let data = load("gsoc-2018.json") { benchmarks += rows("gsoc-2018.json", data, [String: GSoCProject].self) }
        if let data = load("github_events.json") { benchmarks += rows("github_events.json", data, [GitHubEvent].self) }
        if let data = load("mesh.json") { benchmarks += rows("mesh.json", data, Mesh.self) }
        return benchmarks
    }

    static func rows<Model: Codable & Equatable>(_ name: String, _ data: Data, _ model: Model.Type) -> [Benchmark] {
        let reference = try? JSONDecoder().decode(Model.self, from: data)
        let decoders = JSONParser.allCases.map { parser in
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            return (parser, decoder)
        }
        for (parser, decoder) in decoders {
            Suites.warnUnless(
                reference != nil && (try? decoder.decode(Model.self, from: data)) == reference,
                "FastJSONDecoder (\(parser))'s models differ from JSONDecoder's", name)
            Suites.warnUnless(
                (try? JSON(data: data, options: .init(parser: parser))) == (try? JSON(data: data)),
                "the \(parser) engine's tree differs from yajl's", name)
        }
        let decode = decoders.map { parser, decoder in
            Competitor(name: "FastJSONDecoder (\(parser))", isFoundation: false) {
                consume(try decoder.decode(Model.self, from: data))
            }
        }
        let parse = JSONParser.allCases.map { parser in
            Competitor(name: "JSON (\(parser))", isFoundation: false) {
                consume(try JSON(data: data, options: .init(parser: parser)))
            }
        }
        return [
            Benchmark(
                task: "engines: decode models", corpus: name, bytes: data.count,
                competitors: decode + [
                    Competitor(name: "JSONDecoder", isFoundation: true) {
                        consume(try JSONDecoder().decode(Model.self, from: data))
                    }
                ]),
            Benchmark(
                task: "engines: parse value", corpus: name, bytes: data.count,
                competitors: parse + [
                    Competitor(name: "JSONSerialization", isFoundation: true) {
                        consume(try JSONSerialization.jsonObject(with: data))
                    }
                ]),
        ]
    }
}
