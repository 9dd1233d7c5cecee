import FastMap
import Foundation

// `make bench`: FastMap against Foundation, every competitor in this one process, interleaved.
// Flags: --quick (fewer rounds), --generated (ignore ../shared/bench-data), --filter TEXT.

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let generatedOnly = arguments.contains("--generated")
let filter = arguments.firstIndex(of: "--filter").flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}

var runner = Runner()
if quick {
    runner.rounds = 5
    runner.minimumSampleSeconds = 0.02
}

var benchmarks: [Benchmark] = []
let corpora = Corpora.load(generatedOnly: generatedOnly)
for corpus in corpora {
    benchmarks += Suites.all(for: corpus)
}
benchmarks += JSONModelBench.benchmarks()
benchmarks += JSONModelPathBench.benchmarks()
benchmarks += JSONModelReportBench.benchmarks()
benchmarks += LadybugSuite.benchmarks()
benchmarks += SparseRecordsSuite.benchmarks(megabytes: quick ? 4 : 20)
benchmarks += SparseDecodingSuite.benchmarks(corpora: corpora, recordMegabytes: quick ? 4 : 20)
if let filter {
    benchmarks = benchmarks.filter { "\($0.task) \($0.corpus)".contains(filter) }
}

var results: [Measurement] = []
// Progress on stderr (the table goes to stdout at the end): which of how many, and what.
for (position, benchmark) in benchmarks.enumerated() {
    let progress = "[\(position + 1)/\(benchmarks.count)] \(benchmark.task) on \(benchmark.corpus)...\n"
    FileHandle.standardError.write(Data(progress.utf8))
    do {
        results += try runner.measure(benchmark)
    } catch {
        FileHandle.standardError.write(Data("  failed: \(error)\n".utf8))
    }
}

Report.printTable(results, benchmarks: benchmarks)
let resultsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("results")
Report.write(results, to: resultsFolder.appendingPathComponent("latest.json"))
Chart.write(results, benchmarks: benchmarks, to: resultsFolder.appendingPathComponent("latest.svg"))
