import FastMap
import Foundation

/// The benchmarks run on every corpus.
enum Suites {
    static func all(for corpus: Corpus) -> [Benchmark] {
        switch corpus.shape {
        case .twitter: return suites(corpus, TwitterSearch.self, handMapped: TwitterSearch.init(any:))
        case .citm: return suites(corpus, CitmCatalog.self, handMapped: CitmCatalog.init(any:))
        case .canada: return suites(corpus, FeatureCollection.self, handMapped: FeatureCollection.init(any:))
        }
    }

    static func suites<Model: Codable & Equatable>(
        _ corpus: Corpus, _ model: Model.Type, handMapped: @escaping (Any) throws -> Model
    ) -> [Benchmark] {
        let data = corpus.data
        let bytes = data.count
        let name = corpus.name
        var benchmarks: [Benchmark] = []

        benchmarks.append(
            Benchmark(
                task: "decode models", corpus: name, bytes: bytes,
                competitors: [
                    Competitor(name: "FastJSONDecoder", isFoundation: false) {
                        consume(try FastJSONDecoder().decode(Model.self, from: data))
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
                ]))

        benchmarks.append(
            Benchmark(
                task: "parse value", corpus: name, bytes: bytes,
                competitors: [
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

        if let value = try? JSONDecoder().decode(Model.self, from: data) {
            let encodedSize = (try? JSONEncoder().encode(value).count) ?? bytes
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
}
