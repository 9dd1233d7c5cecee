import FastMap
import Foundation

/// A model that reads 2 of the 6 keys of every record in a large record array (the shape of
/// `../shared/bench-data/gen_big_array.py`, generated here at 20 MB): the case sparse
/// materialization is for: after the model's first decode FastJSONDecoder builds only the two
/// members it reads (`SparseDecodingSuite` shows the same decode with sparse decoding off).
enum SparseRecordsSuite {
    struct FullRecord: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double
        var active: Bool
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case id, name, tags, score, active
            case createdAt = "created_at"
        }
    }

    struct TwoKeys: Codable, Equatable {
        var id: Int
        var score: Double
    }

    static func benchmarks(megabytes: Int = 20) -> [Benchmark] {
        let data = records(megabytes: megabytes)
        let name = "records-\(megabytes)MB"
        Suites.warnUnless(
            (try? FastJSONDecoder().decode([TwoKeys].self, from: data))
                == (try? JSONDecoder().decode([TwoKeys].self, from: data)),
            "FastJSONDecoder's 2-of-6 models differ from JSONDecoder's", name)
        return [
            Benchmark(
                task: "decode 2 of 6 keys", corpus: name, bytes: data.count,
                competitors: [
                    Competitor(name: "FastJSONDecoder", isFoundation: false) {
                        consume(try FastJSONDecoder().decode([TwoKeys].self, from: data))
                    },
                    Competitor(name: "JSONDecoder", isFoundation: true) {
                        consume(try JSONDecoder().decode([TwoKeys].self, from: data))
                    },
                    .tokenizer(data),
                ])
        ]
    }

    /// Seeded records of about `megabytes` MB, as the generator script writes them.
    static func records(megabytes: Int) -> Data {
        var random = BenchRandom(seed: 20_240_601)
        var records: [FullRecord] = []
        var size = 0
        while size < megabytes * 1_000_000 {
            let id = records.count
            let record = FullRecord(
                id: id, name: "user_\(id) " + random.text(words: random.int(1...3)),
                tags: (0..<random.int(0...4)).map { _ in random.text(words: 1) },
                score: Double(random.int(0...10_000)) / 100, active: random.int(0...1) == 1,
                createdAt: "2021-03-04T05:06:\(String(format: "%02d", id % 60))Z")
            size += 110 + record.name.utf8.count + record.tags.reduce(0) { $0 + $1.utf8.count + 3 }
            records.append(record)
        }
        return (try? JSONEncoder().encode(records)) ?? Data()
    }
}
