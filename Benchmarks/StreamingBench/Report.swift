import Foundation

/// `make bench-streaming`: every mode over the same records, each in its own process.
func benchmark(megabytes: Double, modes: [Mode], rounds: Int, keep: Bool, folder: URL?) async throws {
    let data = try BenchData.make(megabytes: megabytes, in: folder)
    defer {
        if keep || folder != nil {
            print("data kept in \(data.folder.path)")
        } else {
            try? FileManager.default.removeItem(at: data.folder)
        }
    }
    print(
        "\(data.count) records; array \(sizeText(data.size(of: data.array))), NDJSON \(sizeText(data.size(of: data.lines)))"
    )
    let rounds = max(1, rounds)
    print(
        "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; each mode runs in its own process, "
            + "\(rounds) rounds of every mode in turn; medians\n")
    // Rounds of every mode in turn rather than each mode's runs back to back: a busy spell of
    // the host then falls on all modes alike, and the median leaves it out.
    var runs: [Mode: [ModeResult]] = [:]
    var oneCPURuns: [Mode: [ModeResult]] = [:]
    for _ in 0..<rounds {
        for mode in modes {
            for oneCPU in [false, true] {
                let result = try runChild(mode, url: data.url(for: mode), verify: false, oneCPU: oneCPU)
                guard result.count == data.count else {
                    throw BenchError("\(mode.rawValue) decoded \(result.count) records, expected \(data.count)")
                }
                if oneCPU {
                    oneCPURuns[mode, default: []].append(result)
                } else {
                    runs[mode, default: []].append(result)
                }
            }
        }
    }
    let results = runs.mapValues(ModeResult.median(of:))
    let oneCPUResults = oneCPURuns.mapValues(ModeResult.median(of:))
    let baseline = results[.jsonDecoder].map { Double(data.size(of: data.array)) / $0.seconds }
    // Each mode against JSONDecoder decoding the same model (the 2-of-6 modes against
    // JSONDecoder-partial): wall time, and CPU time (user + sys), which a busy server pays:
    // with every core free, and again with the mode's process kept on one CPU (its threads
    // take turns there, so the parsing thread's work no longer runs beside the decoding and
    // slows it down).
    let header = [
        "mode", "MB/s", "vs JSONDecoder", "CPU s", "CPU vs JSONDecoder", "CPU s, 1 CPU", "vs JSONDecoder, 1 CPU",
        "peak RSS", "what",
    ]
    var rows: [[String]] = []
    for mode in modes {
        guard let result = results[mode] else { continue }
        let rate = Double(data.size(of: data.url(for: mode))) / result.seconds
        let reference = results[mode.baseline]
        rows.append([
            mode.rawValue, String(format: "%.1f", rate / 1e6),
            reference.map { String(format: "%.2fx", rate / (Double(data.size(of: data.array)) / $0.seconds)) } ?? "-",
            String(format: "%.2f", result.cpuSeconds),
            reference.map { String(format: "%.2fx", $0.cpuSeconds / result.cpuSeconds) } ?? "-",
            oneCPUResults[mode].map { String(format: "%.2f", $0.cpuSeconds) } ?? "-",
            oneCPUResults[mode.baseline].flatMap { reference in
                oneCPUResults[mode].map { String(format: "%.2fx", reference.cpuSeconds / $0.cpuSeconds) }
            } ?? "-",
            sizeText(result.peakBytes), mode.summary,
        ])
    }
    printTable(header: header, rows: rows)

    func rate(_ mode: Mode) -> Double? {
        results[mode].map { Double(data.size(of: data.url(for: mode))) / $0.seconds }
    }
    print("")
    let streaming: [Mode] = [.forEach, .stream, .streamChunks, .lines].filter { results[$0] != nil }
    for mode in streaming {
        let peak = results[mode]!.peakBytes
        print("\(mode.rawValue): peak RSS \(sizeText(peak)) \(peak < 64 << 20 ? "<" : ">=") 64 MB")
    }
    if let baseline, let best = streaming.compactMap(rate).max() {
        print(String(format: "fastest streaming mode: %.2fx JSONDecoder (target >= 4x)", best / baseline))
    }
    if let lines = rate(.lines), let array = rate(.stream) {
        print(String(format: "lines vs stream (same records, async): %.0f%% (target >= 80%%)", lines / array * 100))
    }
}

/// `make test-large`: every streaming mode over a large file, every record checked, memory
/// bounded. Exits with an error on the first failure.
func verifyLarge(megabytes: Double) async throws {
    let data = try BenchData.make(megabytes: megabytes, in: nil)
    defer { try? FileManager.default.removeItem(at: data.folder) }
    print("\(data.count) records, \(sizeText(data.size(of: data.array)))")
    var failures: [String] = []
    for mode in [Mode.forEach, .stream, .streamChunks, .lines] {
        let result = try runChild(mode, url: data.url(for: mode), verify: true)
        var verdict = "ok"
        if result.count != data.count {
            verdict = "FAILED: \(result.count) records, expected \(data.count)"
        } else if result.peakBytes >= 64 << 20 {
            verdict = "FAILED: peak RSS \(sizeText(result.peakBytes)) >= 64 MB"
        }
        if verdict != "ok" { failures.append("\(mode.rawValue): \(verdict)") }
        print(
            "\(mode.rawValue): \(result.count) records checked, peak RSS \(sizeText(result.peakBytes)), "
                + String(format: "%.1f MB/s", Double(data.size(of: data.url(for: mode))) / result.seconds / 1e6)
                + " — \(verdict)")
    }
    if !failures.isEmpty { throw BenchError("large test failed: " + failures.joined(separator: "; ")) }
    print("large test passed")
}

func sizeText(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

func printTable(header: [String], rows: [[String]]) {
    var widths = header.map(\.count)
    for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
            index == 0 || index == cells.count - 1
                ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[index] - cell.count) + cell
        }.joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for row in rows { print(line(row)) }
}
