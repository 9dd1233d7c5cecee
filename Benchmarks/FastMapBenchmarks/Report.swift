import Foundation

enum Report {
    /// One compact table: every FastMap competitor with its MB/s and its ratio to each
    /// Foundation peer of the same task, then the peers' own MB/s.
    static func printTable(_ results: [Measurement], benchmarks: [Benchmark]) {
        // Columns as wide as their longest entry, so long model and corpus names stay aligned.
        let taskWidth = benchmarks.map(\.task.count).reduce(4, max) + 2
        let corpusWidth = benchmarks.map(\.corpus.count).reduce(6, max) + 2
        let competitorWidth = results.map(\.competitor.count).reduce(10, max) + 2
        var lines: [String] = []
        lines.append(
            pad("task", taskWidth) + pad("corpus", corpusWidth) + pad("competitor", competitorWidth)
                + pad("MB/s", 9) + "ratios")
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
                        "\(format($0.megabytesPerSecond > 0 ? row.megabytesPerSecond / $0.megabytesPerSecond : 0, 2))× \($0.competitor)"
                    }
                    .joined(separator: "  ")
                if let ceiling, !competitor.isFoundation, !competitor.isCeiling, ceiling.megabytesPerSecond > 0 {
                    ratios += "  \(format(100 * row.megabytesPerSecond / ceiling.megabytesPerSecond, 0))% of tokenizer"
                }
                lines.append(
                    pad(first ? benchmark.task : "", taskWidth) + pad(first ? benchmark.corpus : "", corpusWidth)
                        + pad(competitor.name, competitorWidth)
                        + pad(format(row.megabytesPerSecond, 1), 9) + ratios)
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
