import Foundation

// Streaming benchmark and large-input check (see README's benchmark section).
//
//   StreamingBench [--size MB] [--rounds N] [--keep] [--data FOLDER] [--modes a,b,...]
//       Generates the record array (and the same records as NDJSON) in a temporary folder,
//       runs each mode in a process of its own, N rounds of every mode in turn (3 by default),
//       and prints the median throughput and CPU time and the highest peak memory.
//   StreamingBench verify [--size MB]
//       The large test (`make test-large`, 1000 MB by default): every streaming mode reads the
//       file, each record must equal the generated one, and peak memory must stay under 64 MB.
//   StreamingBench run MODE FILE [--verify] [--one-cpu]
//       One mode in this process (with --one-cpu, every thread of it on one CPU); prints a
//       RESULT line (used by the two commands above).

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

do {
    switch arguments.first {
    case "run":
        guard arguments.count >= 3, let mode = Mode(rawValue: arguments[1]) else {
            throw BenchError("usage: StreamingBench run MODE FILE [--verify] [--one-cpu]")
        }
        if arguments.contains("--one-cpu") { try pinToOneCPU() }
        let result = try await runMode(
            mode, url: URL(fileURLWithPath: arguments[2]), verify: arguments.contains("--verify"))
        print(result.line)
    case "verify":
        let size = Double(option("--size") ?? "1000") ?? 1000
        try await verifyLarge(megabytes: size)
    default:
        let size = Double(option("--size") ?? "200") ?? 200
        let modes = try option("--modes").map { list in
            try list.split(separator: ",").map { name in
                guard let mode = Mode(rawValue: String(name)) else { throw BenchError("unknown mode \(name)") }
                return mode
            }
        }
        try await benchmark(
            megabytes: size, modes: modes ?? Mode.allCases, rounds: Int(option("--rounds") ?? "3") ?? 3,
            keep: arguments.contains("--keep"),
            folder: option("--data").map { URL(fileURLWithPath: $0) })
    }
} catch {
    FileHandle.standardError.write(Data("StreamingBench: \(error)\n".utf8))
    exit(1)
}
