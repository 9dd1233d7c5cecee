import FastMap
import Foundation

/// The benchmarks run on every corpus.
enum Suites {
    static func all(for corpus: Corpus) -> [Benchmark] {
        switch corpus.shape {
        case .twitter: return suites(corpus, TwitterSearch.self, handMapped: TwitterSearch.init(any:))
        case .citm: return suites(corpus, CitmCatalog.self, handMapped: CitmCatalog.init(any:))
        case .canada: return suites(corpus, FeatureCollection.self, handMapped: FeatureCollection.init(any:))
        case .gsoc: return suites(corpus, GsocProjects.self, handMapped: GsocProjects.init(any:))
        case .githubEvents: return suites(corpus, [GitHubEvent].self, handMapped: [GitHubEvent].init(any:))
        case .mesh: return suites(corpus, Mesh.self, handMapped: Mesh.init(any:))
        }
    }

    static func suites<Model: Codable & Equatable>(
        _ corpus: Corpus, _ model: Model.Type, handMapped: @escaping (Any) throws -> Model
    ) -> [Benchmark] {
        let data = corpus.data
        let bytes = data.count
        let name = corpus.name
        var benchmarks: [Benchmark] = []
        // yajl's tokenizer alone over the same bytes: the ceiling of every yajl-driven row.
        let tokenizer = Competitor.tokenizer(data)
        let reference = try? JSONDecoder().decode(Model.self, from: data)
        let decodesAlike = reference != nil && (try? FastJSONDecoder().decode(Model.self, from: data)) == reference
        warnUnless(decodesAlike, "FastJSONDecoder's models differ from JSONDecoder's", name)
        let yajlTree = try? JSON(data: data, options: .init(parser: .yajl))
        for parser in JSONParser.allCases {
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            warnUnless(
                (try? decoder.decode(Model.self, from: data)) == reference,
                "FastJSONDecoder (\(parser))'s models differ from JSONDecoder's", name)
            warnUnless(
                (try? JSON(data: data, options: .init(parser: parser))) == yajlTree,
                "the \(parser) engine's tree differs from yajl's", name)
        }

        benchmarks.append(
            Benchmark(
                task: "decode models", corpus: name, bytes: bytes,
                competitors: [
                    // The default engine (simdjson), then the others by name.
                    Competitor(name: "FastJSONDecoder", isFoundation: false) {
                        consume(try FastJSONDecoder().decode(Model.self, from: data))
                    },
                    Competitor(name: "FastJSONDecoder (yajl)", isFoundation: false) {
                        let decoder = FastJSONDecoder()
                        decoder.parser = .yajl
                        consume(try decoder.decode(Model.self, from: data))
                    },
                    Competitor(name: "FastJSONDecoder (jansson)", isFoundation: false) {
                        let decoder = FastJSONDecoder()
                        decoder.parser = .jansson
                        consume(try decoder.decode(Model.self, from: data))
                    },
                    Competitor(name: "JSONDecoder", isFoundation: true) {
                        consume(try JSONDecoder().decode(Model.self, from: data))
                    },
                    Competitor(name: "JSONSerialization+hand", isFoundation: true) {
                        consume(try handMapped(JSONSerialization.jsonObject(with: data)))
                    },
                    tokenizer,
                ]))

        benchmarks.append(
            Benchmark(
                task: "parse value", corpus: name, bytes: bytes,
                competitors: [
                    Competitor(name: "JSON (simdjson)", isFoundation: false) {
                        consume(try JSON(data: data, options: .init(parser: .simdjson)))
                    },
                    Competitor(name: "JSON (yajl)", isFoundation: false) {
                        consume(try JSON(data: data, options: .init(parser: .yajl)))
                    },
                    Competitor(name: "JSON (yajl, malloc)", isFoundation: false) {
                        consume(try JSON(data: data, options: .init(parser: .yajl, usesArena: false)))
                    },
                    Competitor(name: "JSON (jansson)", isFoundation: false) {
                        consume(try JSON(data: data, options: .init(parser: .jansson)))
                    },
                    Competitor(name: "JSON (jansson, malloc)", isFoundation: false) {
                        consume(try JSON(data: data, options: .init(parser: .jansson, usesArena: false)))
                    },
                    Competitor(name: "JSONSerialization", isFoundation: true) {
                        consume(try JSONSerialization.jsonObject(with: data))
                    },
                    tokenizer,
                ]))

        if let json = try? JSON(data: data), let object = try? JSONSerialization.jsonObject(with: data) {
            benchmarks.append(
                Benchmark(
                    task: "serialize value", corpus: name, bytes: bytes,
                    competitors: [
                        Competitor(name: "JSON.data()", isFoundation: false) { consume(try json.data()) },
                        Competitor(name: "JSONSerialization.data", isFoundation: true) {
                            consume(try JSONSerialization.data(withJSONObject: object))
                        },
                    ]))
        }

        if let value = reference {
            let expected = try? JSONEncoder().encode(value)
            let encodedSize = expected?.count ?? bytes
            // JSONEncoder's key order without `.sortedKeys` is its dictionary's, so bytes compare sorted.
            let sortedFoundation = JSONEncoder()
            sortedFoundation.outputFormatting = .sortedKeys
            let sortedFast = FastJSONEncoder()
            sortedFast.outputFormatting = .sortedKeys
            warnUnless(
                (try? sortedFast.encode(value)) == (try? sortedFoundation.encode(value)),
                "FastJSONEncoder's bytes differ from JSONEncoder's (both .sortedKeys)", name)
            benchmarks.append(
                Benchmark(
                    task: "encode models", corpus: name, bytes: encodedSize,
                    competitors: [
                        Competitor(name: "FastJSONEncoder", isFoundation: false) {
                            consume(try FastJSONEncoder().encode(value))
                        },
                        Competitor(name: "JSONEncoder", isFoundation: true) {
                            consume(try JSONEncoder().encode(value))
                        },
                    ]))
        }
        return benchmarks
    }

    /// Outputs are compared before anything is timed: a fast wrong answer is no answer.
    static func warnUnless(_ alike: Bool, _ problem: String, _ corpus: String) {
        guard !alike else { return }
        FileHandle.standardError.write(Data("warning: \(problem) on \(corpus)\n".utf8))
    }
}
