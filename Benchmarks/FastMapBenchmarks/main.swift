import FastMap
import Foundation

// `make bench`: FastMap against Foundation, every competitor in this one process, interleaved.
// The flags are in Usage.swift. --corpus also narrows the setup (the others', which checks every
// engine's models and generates the record streams, takes seconds, minutes under callgrind);
// `write-corpora DIR` writes the corpora and the service batch for another tool (serde_json,
// another Swift decoder).

let arguments = CommandLine.arguments
// A child of the first-decode table (ColdStart): before anything else, so that nothing but its
// one decode runs in its process.
if arguments.count > 1, arguments[1] == "cold" { ColdStart.child(arguments) }
if arguments.count < 2 || arguments[1] != "write-corpora" { Usage.check(arguments) }
let quick = arguments.contains("--quick")
let generatedOnly = arguments.contains("--generated")
/// The argument after `flag`, if both are there.
func value(after flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let filter = value(after: "--filter")

var runner = Runner()
if quick {
    runner.rounds = 5
    runner.minimumSampleSeconds = 0.02
}

var benchmarks: [Benchmark] = []
let onlyCorpus = value(after: "--corpus")
let corpora = Corpora.load(generatedOnly: generatedOnly).filter { corpus in
    onlyCorpus.map { corpus.name.contains($0) } ?? true
}
if arguments.count > 2, arguments[1] == "write-corpora" {
    let folder = URL(fileURLWithPath: arguments[2])
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for corpus in corpora { try corpus.data.write(to: folder.appendingPathComponent(corpus.name)) }
    let service = ServiceEventsSuite.document(events: ServiceEventsSuite.eventCount)
    try service.write(to: folder.appendingPathComponent("service-events.json"))
    print("corpora written to \(folder.path)")
    exit(0)
}
// Each first decode in a process of its own: a few processes per corpus and decoder.
let coldRuns = value(after: "--cold-runs").flatMap { Int($0) } ?? (quick ? 3 : 7)
func runColdStarts() {
    let subjects = ColdStart.subjects(corpora: corpora).filter { subject in
        onlyCorpus.map { subject.corpus.contains($0) } ?? true
    }
    ColdStart.printTable(ColdStart.run(subjects: subjects, repeats: coldRuns), repeats: coldRuns)
}
if arguments.contains("--cold") {
    runColdStarts()
    exit(0)
}
if arguments.contains("--memory") {
    MemoryTable.printTable(corpora: corpora)
    exit(0)
}
for corpus in corpora {
    benchmarks += Suites.all(for: corpus)
}
benchmarks += JSONModelCorporaBench.benchmarks(corpora: corpora)
if onlyCorpus.map({ ServiceEventsSuite.corpusName.contains($0) }) ?? true {
    benchmarks += ServiceEventsSuite.benchmarks()
}
if onlyCorpus.map({ LadybugSuite.corpusName.contains($0) }) ?? true {
    benchmarks += LadybugSuite.benchmarks()
}
if onlyCorpus == nil {
    benchmarks += JSONModelBench.benchmarks()
    benchmarks += JSONModelPathBench.benchmarks()
    benchmarks += JSONModelReportBench.benchmarks()
    benchmarks += SparseRecordsSuite.benchmarks(megabytes: quick ? 4 : 20)
    benchmarks += SparseDecodingSuite.benchmarks(corpora: corpora, recordMegabytes: quick ? 4 : 20)
    benchmarks += SmallDocumentsSuite.benchmarks(corpora: corpora)
} else {
    // The corpus's own rows of the sparse suite (its outline of canada, say), without the records.
    benchmarks += SparseDecodingSuite.benchmarks(corpora: corpora, recordMegabytes: nil)
}
if let filter {
    benchmarks = benchmarks.filter { "\($0.task) \($0.corpus)".contains(filter) }
}

// Profiling: run one competitor of the selected tasks over and over, nothing else, so `perf` or
// callgrind sees only its work (e.g. --filter "decode models gsoc" --loop "FastJSONDecoder (yajl)" 20).
// A count such as `500x` instead of seconds runs exactly that many times, so that instruction
// counts (`perf stat -e instructions:u`) of two builds compare: runs 2N minus runs N is N runs.
// The loop's own CPU time per run is printed too (`taskset -c 1` steadies it on a shared host).
if let loop = arguments.firstIndex(of: "--loop"), arguments.indices.contains(loop + 2),
    let limit = LoopLimit(arguments[loop + 2])
{
    let name = arguments[loop + 1]
    let chosen = benchmarks.flatMap { $0.competitors.filter { $0.name == name } }
    guard !chosen.isEmpty else {
        FileHandle.standardError.write(Data("no competitor named \(name) in the selected tasks\n".utf8))
        exit(1)
    }
    let setupCPU = processCPUSeconds()
    let start = DispatchTime.now().uptimeNanoseconds
    var runs = 0
    while !limit.isReached(runs: runs, since: start) {
        for competitor in chosen { try competitor.run() }
        runs += 1
    }
    // CPU time of the loop alone (the setup above verifies every corpus and takes seconds), so
    // that two builds compare run for run: `--loop NAME 20000x` under `taskset -c 1`.
    let loopCPU = processCPUSeconds() - setupCPU
    let perRun = String(format: "%.2f", loopCPU / Double(max(runs, 1)) * 1e6)
    let total = String(format: "%.3f", loopCPU)
    print("\(runs) runs of \(name) over \(chosen.count) task(s): \(total) s of CPU, \(perRun) µs per run")
    exit(0)
}

// Every benchmark is measured in `runCount` runs, one after the other over the whole list, so
// that each figure is shown twice, minutes apart: a difference between runs is the machine's.
let runCount = max(1, value(after: "--runs").flatMap { Int($0) } ?? 2)
var runs: [[Measurement]] = []
for run in 0..<runCount {
    var measured: [Measurement] = []
    // Progress on stderr (the table goes to stdout at the end): which of how many, and what.
    for (position, benchmark) in benchmarks.enumerated() {
        let progress =
            "[run \(run + 1)/\(runCount), \(position + 1)/\(benchmarks.count)] \(benchmark.task) on \(benchmark.corpus)...\n"
        FileHandle.standardError.write(Data(progress.utf8))
        do {
            measured += try runner.measure(benchmark)
        } catch {
            FileHandle.standardError.write(Data("  failed: \(error)\n".utf8))
        }
    }
    runs.append(measured)
}
let results = Measurement.merging(runs)

Report.printTable(results, benchmarks: benchmarks)
SerdeAnchor.printTable(results)
if filter == nil { MemoryTable.printTable(corpora: corpora) }
if filter == nil, !arguments.contains("--no-cold") { runColdStarts() }
// Only a whole run replaces the published results: a filtered one would leave out most rows.
guard filter == nil, onlyCorpus == nil else { exit(0) }
let resultsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("results")
Report.write(results, to: resultsFolder.appendingPathComponent("latest.json"))
Chart.write(results, benchmarks: benchmarks, to: resultsFolder.appendingPathComponent("latest.svg"))
