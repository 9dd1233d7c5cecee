import Foundation

/// `Benchmarks/results/latest.svg`: one horizontal bar per task and corpus, the default FastMap
/// competitor's speed as a multiple of the Foundation peer of the same task (JSONDecoder,
/// JSONSerialization, JSONEncoder) on a logarithmic axis, with a line at 1× — the README embeds it. Plain SVG, no
/// dependencies, so it renders on GitHub and in any browser.
enum Chart {
    struct Bar {
        let label: String
        let ratio: Double
    }

    /// The bars: per benchmark, its first FastMap competitor against its first Foundation peer,
    /// in the run where FastMap's ratio was the lower.
    static func bars(_ results: [Measurement], benchmarks: [Benchmark]) -> [Bar] {
        benchmarks.compactMap { benchmark in
            let rows = results.filter { $0.task == benchmark.task && $0.corpus == benchmark.corpus }
            guard let fast = benchmark.competitors.first(where: { !$0.isFoundation && !$0.isCeiling }),
                let peer = benchmark.competitors.first(where: \.isFoundation),
                let fastRow = rows.first(where: { $0.competitor == fast.name }),
                let peerRow = rows.first(where: { $0.competitor == peer.name }),
                let ratio = fastRow.ratios(to: peerRow).min(), ratio > 0
            else { return nil }
            return Bar(label: "\(benchmark.task) · \(benchmark.corpus) (vs \(peer.name))", ratio: ratio)
        }
    }

    static func svg(_ bars: [Bar]) -> String {
        let labelWidth = 430.0
        let barWidth = 360.0
        let rowHeight = 22.0
        let top = 30.0
        // A logarithmic axis from 0.25× to the largest ratio: a 2× and a 70× bar both stay readable.
        let smallest = 0.25
        let largest = max(bars.map(\.ratio).max() ?? 2, 2)
        func position(_ ratio: Double) -> Double {
            barWidth * (log(max(ratio, smallest)) - log(smallest)) / (log(largest) - log(smallest))
        }
        let height = top + rowHeight * Double(bars.count) + 20
        var lines = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(labelWidth + barWidth + 80))" height="\#(Int(height))" font-family="sans-serif" font-size="12">"#,
            #"<text x="4" y="18" font-weight="bold">FastMap speed as a multiple of Foundation (make bench, same process)</text>"#,
        ]
        for (index, bar) in bars.enumerated() {
            let y = top + rowHeight * Double(index)
            let width = max(1, position(bar.ratio))
            let color = bar.ratio >= 1 ? "#2f7d32" : "#c62828"
            lines.append(
                #"<text x="\#(labelWidth - 6)" y="\#(y + 15)" text-anchor="end">\#(escaped(bar.label))</text>"#)
            lines.append(
                #"<rect x="\#(labelWidth)" y="\#(y + 3)" width="\#(format(width))" height="\#(rowHeight - 6)" fill="\#(color)"/>"#
            )
            lines.append(#"<text x="\#(format(labelWidth + width + 4))" y="\#(y + 15)">\#(format(bar.ratio))×</text>"#)
        }
        let one = labelWidth + position(1)
        lines.append(
            #"<line x1="\#(format(one))" y1="\#(top)" x2="\#(format(one))" y2="\#(format(height - 20))" stroke="black" stroke-dasharray="4 3"/>"#
        )
        lines.append(#"<text x="\#(format(one))" y="\#(format(height - 6))" text-anchor="middle">1×</text>"#)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ results: [Measurement], benchmarks: [Benchmark], to url: URL) {
        let bars = bars(results, benchmarks: benchmarks)
        guard !bars.isEmpty else { return }
        do {
            try Data(svg(bars).utf8).write(to: url)
            print("chart written to \(url.path)")
        } catch {
            print("could not write \(url.path): \(error)")
        }
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
