import Foundation

enum Report {
    /// One compact table: every FastMap competitor with its MB/s and its ratio to each
    /// Foundation peer of the same task, then the peers' own MB/s, each figure once per run.
    static func printTable(_ results: [Measurement], benchmarks: [Benchmark]) {
        // Columns as wide as their longest entry, so long model and corpus names stay aligned.
        let taskWidth = benchmarks.map(\.task.count).reduce(4, max) + 2
        let corpusWidth = benchmarks.map(\.corpus.count).reduce(6, max) + 2
        let competitorWidth = results.map(\.competitor.count).reduce(10, max) + 2
        // Each run's figure, in the order the runs were made: "425.1 431.7", "3.23× 3.27× JSONDecoder".
        let megabytesWidth =
            results.map { $0.runs.map { format($0, 1) }.joined(separator: " ").count }.reduce(4, max) + 2
        var lines: [String] = []
        lines.append(
            pad("task", taskWidth) + pad("corpus", corpusWidth) + pad("competitor", competitorWidth)
                + pad("MB/s", megabytesWidth) + "ratios")
        for benchmark in benchmarks {
            let rows = results.filter { $0.task == benchmark.task && $0.corpus == benchmark.corpus }
            guard !rows.isEmpty else { continue }
            let peers = benchmark.competitors.filter(\.isFoundation).compactMap { peer in
                rows.first { $0.competitor == peer.name }
            }
            let ceiling = benchmark.competitors.first(where: \.isCeiling).flatMap { ceiling in
                rows.first { $0.competitor == ceiling.name }
            }
            var first = true
            for competitor in benchmark.competitors {
                guard let row = rows.first(where: { $0.competitor == competitor.name }) else { continue }
                var ratios =
                    competitor.isFoundation || competitor.isCeiling
                    ? ""
                    : peers.map {
                        "\(row.ratios(to: $0).map { format($0, 2) + "×" }.joined(separator: " ")) \($0.competitor)"
                    }
                    .joined(separator: "  ")
                if let ceiling, !competitor.isFoundation, !competitor.isCeiling {
                    ratios +=
                        "  \(row.ratios(to: ceiling).map { format(100 * $0, 0) + "%" }.joined(separator: " ")) of tokenizer"
                }
                lines.append(
                    pad(first ? benchmark.task : "", taskWidth) + pad(first ? benchmark.corpus : "", corpusWidth)
                        + pad(competitor.name, competitorWidth)
                        + pad(row.runs.map { format($0, 1) }.joined(separator: " "), megabytesWidth) + ratios)
                first = false
            }
        }
        print(lines.joined(separator: "\n"))
    }

    static func write(_ results: [Measurement], to url: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(results).write(to: url)
            print("\nresults written to \(url.path)")
        } catch {
            print("\ncould not write \(url.path): \(error)")
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
