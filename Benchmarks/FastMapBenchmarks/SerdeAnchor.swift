import Foundation

/// Rust's serde_json on the same twitter and canada shapes (`Benchmarks/serde`, run by
/// `make bench-serde`): the number a Codable-free decoder is measured against. Its results file
/// is read, never made, here: `make bench` builds no Rust. Lines are
/// `serde_json CORPUS MEDIAN_MB/S MIN MAX SAMPLES`, `#` lines say how they were taken.
enum SerdeAnchor {
    struct Line {
        let corpus: String
        let megabytesPerSecond: Double
    }

    /// `.build/serde-results.txt` at the package's root.
    static let resultsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/serde-results.txt")

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
            guard fields.count >= 3, fields[0] == "serde_json", let rate = Double(fields[2]) else { continue }
            lines.append(Line(corpus: String(fields[1]), megabytesPerSecond: rate))
        }
        return (notes, lines)
    }

    /// FastJSONDecoder's "decode models" MB/s of this run beside serde_json's, when the file is there.
    static func printTable(_ results: [Measurement]) {
        guard let (notes, lines) = read(), !lines.isEmpty else { return }
        let decodes = results.filter { $0.task == "decode models" && $0.competitor == "FastJSONDecoder" }
        guard lines.contains(where: { line in decodes.contains { $0.corpus == line.corpus } }) else {
            // A filtered or generated run has nothing to set beside serde's numbers.
            print("\n(\(resultsFile.path) is there, but this run decoded none of its corpora)")
            return
        }
        var output = ["", "serde_json (\(resultsFile.path), from `make bench-serde`) beside this run's decode models"]
        output += notes
        output.append(
            Report.pad("corpus", 16) + Report.pad("serde_json MB/s", 17) + Report.pad("FastJSONDecoder MB/s", 22)
                + "FastJSONDecoder ÷ serde_json")
        for line in lines {
            let fast = decodes.first { $0.corpus == line.corpus }
            var row = Report.pad(line.corpus, 16) + Report.pad(Report.format(line.megabytesPerSecond, 1), 17)
            if let fast {
                // FastMap's figure in each run of this `make bench`.
                row += Report.pad(fast.runs.map { Report.format($0, 1) }.joined(separator: " "), 22)
                row += fast.runs.map { Report.format($0 / line.megabytesPerSecond, 2) + "×" }.joined(separator: " ")
            } else {
                row += "- (no FastMap row for this corpus in this run: filtered, or generated)"
            }
            output.append(row)
        }
        print(output.joined(separator: "\n"))
    }
}
