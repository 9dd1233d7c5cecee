import FastMapModels
import Foundation

/// A lenient ingestion model: a lossy list whose elements sometimes fail and a value that falls
/// back to its default when invalid.
@JSONModel
struct LenientRecord {
    let id: Int
    @Lossy let items: [LenientItem]
    @Default(0, onInvalid: true) let quantity: Int
}

struct LenientItem: Codable {
    let sku: String
    let price: Double
}

/// `decode @JSONModel report`: the same payload (one element in ten dropped, one quantity in four
/// defaulted) decoded with and without a `JSONDecodingReport`, to show what collecting costs.
enum JSONModelReportBench {
    static func benchmarks() -> [Benchmark] {
        let data = payload(records: 4000)
        return [
            Benchmark(
                task: "decode @JSONModel report", corpus: "lenient-records", bytes: data.count,
                competitors: [
                    Competitor(name: "with report (FastJSONDecoder)", isFoundation: false) {
                        var report = JSONDecodingReport()
                        consume(try FastJSONDecoder().decode([LenientRecord].self, from: data, report: &report))
                        consume(report.entries.count)
                    },
                    Competitor(name: "without report (FastJSONDecoder)", isFoundation: true) {
                        consume(try FastJSONDecoder().decode([LenientRecord].self, from: data))
                    },
                ])
        ]
    }

    static func payload(records: Int) -> Data {
        var array: [[String: Any]] = []
        var element = 0
        for index in 0..<records {
            var items: [[String: Any]] = []
            for _ in 0..<5 {
                element += 1
                items.append(
                    ["sku": "s\(element)", "price": element % 10 == 0 ? "free" : Double(element) / 4] as [String: Any])
            }
            array.append(["id": index, "items": items, "quantity": index % 4 == 0 ? "many" : index] as [String: Any])
        }
        return try! JSONSerialization.data(withJSONObject: array)
    }
}
