import Foundation

/// Rust's serde_json on the same twitter and canada shapes (`Benchmarks/serde`, run by
/// `make bench-serde`): the number a Codable-free decoder is measured against. Its results file
/// is read, never made, here: `make bench` builds no Rust. Lines are
/// `DECODER CORPUS MEDIAN_MB/S MIN MAX SAMPLES`, DECODER `serde_json` (numbers to a double at
/// best effort) or `serde_json/float_roundtrip` (to the nearest double, as FastMap reads them);
/// `#` lines say how they were taken and how many of canada's coordinates each rounded wrong.
enum SerdeAnchor {
    struct Line {
        let decoder: String
        let corpus: String
        let megabytesPerSecond: Double
    }

    /// `.build/serde-results.txt` at the package's root.
    static let resultsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/serde-results.txt")

    /// The FastMap rows set beside serde_json's: (task, competitor, column heading).
    private static let fastMapRows = [
        ("decode models", "FastJSONDecoder", "Codable models"),
        ("decode @JSONModel models", "@JSONModel (FastJSONDecoder)", "@JSONModel"),
    ]

    static func read() -> (notes: [String], lines: [Line])? {
        guard let text = try? String(contentsOf: resultsFile, encoding: .utf8) else { return nil }
        var notes: [String] = []
        var lines: [Line] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#") {
                notes.append(String(line))
                continue
            }
            let fields = line.split(separator: " ")
            guard fields.count >= 3, fields[0].hasPrefix("serde_json"), let rate = Double(fields[2]) else { continue }
            lines.append(Line(decoder: String(fields[0]), corpus: String(fields[1]), megabytesPerSecond: rate))
        }
        return (notes, lines)
    }

    /// FastJSONDecoder's "decode models" and "decode @JSONModel models" MB/s of this run beside
    /// serde_json's, when the file is there: each run's MB/s, then its ratio to serde_json's.
    static func printTable(_ results: [Measurement]) {
        guard let (notes, lines) = read(), !lines.isEmpty else { return }
        let rows = fastMapRows.map { task, competitor, _ in
            results.filter { $0.task == task && $0.competitor == competitor }
        }
        let measuredCorpora = Set(rows.joined().map(\.corpus))
        guard lines.contains(where: { measuredCorpora.contains($0.corpus) }) else {
            // A filtered or generated run has nothing to set beside serde's numbers.
            print("\n(\(resultsFile.path) is there, but this run decoded none of its corpora)")
            return
        }
        var output = ["", "serde_json (\(resultsFile.path), from `make bench-serde`) beside this run's decodes"]
        output += notes
        output.append(
            Report.pad("corpus", 16) + Report.pad("decoder", 28) + Report.pad("MB/s", 8)
                + fastMapRows.map { Report.pad("\($0.2) MB/s, ÷ serde", 34) }.joined())
        for line in lines {
            var row = Report.pad(line.corpus, 16) + Report.pad(line.decoder, 28)
            row += Report.pad(Report.format(line.megabytesPerSecond, 1), 8)
            for measurements in rows {
                guard let fast = measurements.first(where: { $0.corpus == line.corpus }) else {
                    row += Report.pad("- (not in this run)", 34)
                    continue
                }
                // FastMap's figure in each run of this `make bench`, then each ratio.
                let rates = fast.runs.map { Report.format($0, 1) }.joined(separator: " ")
                let ratios = fast.runs.map { Report.format($0 / line.megabytesPerSecond, 2) + "×" }
                row += Report.pad(rates + ", " + ratios.joined(separator: " "), 34)
            }
            while row.last == " " { row.removeLast() }
            output.append(row)
        }
        print(output.joined(separator: "\n"))
    }
}
