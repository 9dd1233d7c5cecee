import FastMap
import Foundation

/// One way of doing a benchmark's job (FastMap, or a Foundation peer).
struct Competitor {
    let name: String
    /// Whether this is a Foundation peer that FastMap's ratios are taken against.
    let isFoundation: Bool
    /// Whether this is a ceiling (yajl's tokenizer alone) that every FastMap row is shown as a
    /// fraction of.
    var isCeiling = false
    let run: () throws -> Void
}

extension Competitor {
    /// yajl's tokenizer alone over `data`: the ceiling row every FastMap row is a fraction of.
    static func tokenizer(_ data: Data) -> Competitor {
        Competitor(name: "yajl tokenizer alone", isFoundation: false, isCeiling: true) {
            consume(data.withUnsafeBytes { TokenizerCeiling.scan($0) })
        }
    }
}

/// A job done by several competitors on the same input, e.g. "decode twitter.json to models".
struct Benchmark {
    let task: String
    let corpus: String
    let bytes: Int
    let competitors: [Competitor]
}

struct Measurement: Codable {
    let task: String
    let corpus: String
    let competitor: String
    /// Each run's median MB/s, in the order the runs were made.
    let runs: [Double]
    let samples: Int

    /// One measurement per competitor from the same competitor's measurement in each run (a
    /// competitor missing from a run, whose task failed there, keeps the runs it has).
    static func merging(_ runs: [[Measurement]]) -> [Measurement] {
        guard let first = runs.first else { return [] }
        return first.map { row in
            let same = runs.compactMap { run in
                run.first { $0.task == row.task && $0.corpus == row.corpus && $0.competitor == row.competitor }
            }
            return Measurement(
                task: row.task, corpus: row.corpus, competitor: row.competitor, runs: same.flatMap(\.runs),
                samples: same.map(\.samples).reduce(0, +))
        }
    }

    /// This competitor's speed as a multiple of `peer`'s, in each run both made.
    func ratios(to peer: Measurement) -> [Double] {
        zip(runs, peer.runs).map { $1 > 0 ? $0 / $1 : 0 }
    }
}

/// Runs competitors interleaved (A B C A B C ...) after a warm-up, so drift in machine speed
/// hits all of them alike; reports the median throughput of each.
struct Runner {
    var rounds = 9
    var minimumSampleSeconds = 0.05

    func measure(_ benchmark: Benchmark) throws -> [Measurement] {
        var iterations: [Int] = []
        for competitor in benchmark.competitors {
            // Warm up and size the sample so one sample takes about minimumSampleSeconds.
            try competitor.run()
            let once = try time(1, competitor.run)
            iterations.append(max(1, Int(minimumSampleSeconds / max(once, 1e-6))))
        }
        var rates = Array(repeating: [Double](), count: benchmark.competitors.count)
        for _ in 0..<rounds {
            for (index, competitor) in benchmark.competitors.enumerated() {
                let seconds = try time(iterations[index], competitor.run)
                rates[index].append(Double(benchmark.bytes * iterations[index]) / seconds / 1_000_000)
            }
        }
        return benchmark.competitors.enumerated().map { index, competitor in
            Measurement(
                task: benchmark.task, corpus: benchmark.corpus, competitor: competitor.name,
                runs: [median(rates[index])], samples: rounds)
        }
    }

    private func time(_ iterations: Int, _ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

/// Keeps results alive so the optimizer cannot drop the work.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// How long `--loop` runs: for a number of seconds, or (`500x`) a number of runs.
struct LoopLimit {
    private let seconds: Double?
    private let runs: Int?

    init?(_ text: String) {
        if text.hasSuffix("x"), let count = Int(text.dropLast()), count >= 0 {
            (seconds, runs) = (nil, count)
        } else if let seconds = Double(text), seconds >= 0 {
            (self.seconds, runs) = (seconds, nil)
        } else {
            return nil
        }
    }

    func isReached(runs done: Int, since start: UInt64) -> Bool {
        if let runs { return done >= runs }
        return Double(DispatchTime.now().uptimeNanoseconds - start) >= (seconds ?? 0) * 1e9
    }
}

/// User plus system CPU seconds this process has used so far.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
