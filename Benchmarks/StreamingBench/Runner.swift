import Foundation

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What one mode did, as its process reports it.
struct ModeResult {
    var mode: Mode
    var count: Int
    var seconds: Double
    var cpuSeconds: Double
    var peakBytes: Int

    var line: String {
        "RESULT mode=\(mode.rawValue) count=\(count) seconds=\(seconds) cpu=\(cpuSeconds) peak=\(peakBytes)"
    }

    init(mode: Mode, count: Int, seconds: Double, cpuSeconds: Double, peakBytes: Int) {
        self.mode = mode
        self.count = count
        self.seconds = seconds
        self.cpuSeconds = cpuSeconds
        self.peakBytes = peakBytes
    }

    /// One result from several runs of the same mode: the median wall and CPU times (each on
    /// its own) and the highest peak memory of them all.
    static func median(of runs: [ModeResult]) -> ModeResult {
        func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return ModeResult(
            mode: runs[0].mode, count: runs[0].count, seconds: middle(runs.map(\.seconds)),
            cpuSeconds: middle(runs.map(\.cpuSeconds)), peakBytes: runs.map(\.peakBytes).max() ?? 0)
    }

    init?(line: Substring) {
        guard line.hasPrefix("RESULT ") else { return nil }
        var fields: [String: String] = [:]
        for pair in line.dropFirst(7).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let mode = fields["mode"].flatMap(Mode.init(rawValue:)), let count = fields["count"].flatMap(Int.init),
            let seconds = fields["seconds"].flatMap(Double.init), let cpu = fields["cpu"].flatMap(Double.init),
            let peak = fields["peak"].flatMap(Int.init)
        else { return nil }
        self.init(mode: mode, count: count, seconds: seconds, cpuSeconds: cpu, peakBytes: peak)
    }
}

/// The process's peak resident set size (VmHWM), in bytes.
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
}

/// User plus system CPU time of this process so far.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Runs one mode in this process. With `verify`, every record is compared with the
/// generator's, in order.
func runMode(_ mode: Mode, url: URL, verify: Bool) async throws -> ModeResult {
    var generator = RecordGenerator()
    var checked = 0
    var mismatch: String?
    var checksum = 0
    let cpuStart = cpuSeconds()
    let start = DispatchTime.now()
    let count = try await run(
        mode, url: url,
        check: { record in
            checksum &+= record.id &+ record.tags.count
            guard verify else { return }
            let expected = generator.record(checked).values
            if mismatch == nil && record.values != expected {
                mismatch = "record \(checked): decoded \(record.values), generated \(expected)"
            }
            checked += 1
        },
        checkPartial: { record in
            checksum &+= record.id &+ Int(record.score)
            guard verify else { return }
            let expected = generator.record(checked).values
            if mismatch == nil && (record.id != expected.id || record.score != expected.score) {
                mismatch = "record \(checked): decoded \(record.id), \(record.score), generated \(expected)"
            }
            checked += 1
        })
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let cpu = cpuSeconds() - cpuStart
    if let mismatch { throw BenchError("\(mode.rawValue): \(mismatch)") }
    if checksum == 42 { print("") }  // keeps the checksum alive
    return ModeResult(mode: mode, count: count, seconds: seconds, cpuSeconds: cpu, peakBytes: peakResidentBytes())
}

/// Keeps this process (every thread it starts from now on) on one CPU: the lowest it may run
/// on. Then a mode's CPU time is its work alone, as on a server whose other cores are busy:
/// two threads on a shared core complex each run slower, which inflates the CPU time of the
/// modes that parse on one thread while decoding on another.
func pinToOneCPU() throws {
    // Glibc's module leaves out the GNU affinity calls: they are looked up by name.
    typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    func call(_ name: String) throws -> AffinityCall {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw BenchError("\(name) not found") }
        return unsafeBitCast(symbol, to: AffinityCall.self)
    }
    var allowed = cpu_set_t()
    guard try call("sched_getaffinity")(0, MemoryLayout<cpu_set_t>.size, &allowed) == 0 else {
        throw BenchError("sched_getaffinity failed (errno \(errno))")
    }
    let first: Int? = withUnsafeBytes(of: allowed) { bytes in
        bytes.indices.lazy.compactMap { index in
            bytes[index] == 0 ? nil : index * 8 + bytes[index].trailingZeroBitCount
        }.first
    }
    guard let first else { throw BenchError("no CPU in this process's affinity mask") }
    var one = cpu_set_t()
    withUnsafeMutableBytes(of: &one) { bytes in bytes[first / 8] = 1 << UInt8(first % 8) }
    // Every thread there is already (the runtime may have started some), and through them
    // every thread started later.
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? ["0"]
    let setAffinity = try call("sched_setaffinity")
    for thread in threads.compactMap({ pid_t($0) }) {
        guard setAffinity(thread, MemoryLayout<cpu_set_t>.size, &one) == 0 else {
            throw BenchError("sched_setaffinity failed (errno \(errno))")
        }
    }
}

/// Runs `mode` in a child process of this executable and returns its result; with
/// `oneCPU`, the child runs on one CPU (see ``pinToOneCPU()``).
func runChild(_ mode: Mode, url: URL, verify: Bool, oneCPU: Bool = false) throws -> ModeResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments =
        ["run", mode.rawValue, url.path] + (verify ? ["--verify"] : []) + (oneCPU ? ["--one-cpu"] : [])
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0,
        let result = text.split(separator: "\n").lazy.compactMap(ModeResult.init(line:)).first
    else {
        throw BenchError("\(mode.rawValue) failed (exit status \(process.terminationStatus)): \(text)")
    }
    return result
}

/// The generated files: the array and the same records as NDJSON.
struct BenchData {
    let folder: URL
    let array: URL
    let lines: URL
    let count: Int

    static func make(megabytes: Double, in folder: URL?) throws -> BenchData {
        let folder =
            folder
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "FastMapStreamingBench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let array = folder.appendingPathComponent("records-\(Int(megabytes))MB.json")
        let lines = folder.appendingPathComponent("records-\(Int(megabytes))MB.ndjson")
        let countFile = folder.appendingPathComponent("records-\(Int(megabytes))MB.count")
        if let text = try? String(contentsOf: countFile, encoding: .utf8), let count = Int(text),
            FileManager.default.fileExists(atPath: array.path), FileManager.default.fileExists(atPath: lines.path)
        {
            return BenchData(folder: folder, array: array, lines: lines, count: count)
        }
        print("generating \(Int(megabytes)) MB of records in \(folder.path) ...")
        let count = try RecordGenerator.write(arrayTo: array, linesTo: lines, megabytes: megabytes)
        try String(count).write(to: countFile, atomically: true, encoding: .utf8)
        return BenchData(folder: folder, array: array, lines: lines, count: count)
    }

    func url(for mode: Mode) -> URL { mode.readsLines ? lines : array }

    func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.intValue ?? 0
    }
}
