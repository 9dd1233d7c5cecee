import FastMap
import Foundation

/// The first decode of a type in a fresh process: what a command-line tool, or a service with
/// many types each seen now and then, pays. Every measurement runs in a process of its own
/// (this binary, started as `FastMapBenchmarks cold SUBJECT DECODER FILE`), which reads the file
/// and times its one `decode` call, nothing else: no warm-up, no other decode of the type before.
/// The parent writes the corpora to files first, so that no child generates (and so encodes)
/// its corpus's models before the timed call.
enum ColdStart {
    /// A document and the model it is decoded to, by the name a child is told.
    struct Subject {
        let name: String
        let corpus: String
        let data: Data
    }

    struct Row {
        let subject: Subject
        /// Milliseconds of each run, by decoder name.
        var milliseconds: [String: [Double]] = [:]
        var failures: [String] = []
    }

    static let decoders = ["FastJSONDecoder", "JSONDecoder"]

    static func subjects(corpora: [Corpus]) -> [Subject] {
        var subjects = corpora.map { Subject(name: name(of: $0.shape), corpus: $0.name, data: $0.data) }
        let service = ServiceEventsSuite.document(events: ServiceEventsSuite.eventCount)
        let corpus = ServiceEventsSuite.corpusName
        subjects.append(Subject(name: "service-convertFromSnakeCase", corpus: corpus, data: service))
        subjects.append(Subject(name: "service-CodingKeys", corpus: corpus, data: service))
        return subjects
    }

    static func name(of shape: Corpus.Shape) -> String {
        switch shape {
        case .twitter: return "twitter"
        case .citm: return "citm"
        case .canada: return "canada"
        case .gsoc: return "gsoc"
        case .githubEvents: return "github_events"
        case .mesh: return "mesh"
        }
    }

    // MARK: - The child

    /// `cold SUBJECT DECODER FILE`: prints the milliseconds of the first decode, or fails.
    static func child(_ arguments: [String]) -> Never {
        guard arguments.count == 5, decoders.contains(arguments[3]) else {
            fail("usage: FastMapBenchmarks cold SUBJECT (\(decoders.joined(separator: "|"))) FILE")
        }
        let subject = arguments[2]
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: arguments[4]))
        } catch {
            fail("cannot read \(arguments[4]): \(error)")
        }
        let decoder: JSONDecoder = arguments[3] == "FastJSONDecoder" ? FastJSONDecoder() : JSONDecoder()
        if subject.hasPrefix("service-") {
            if subject == "service-convertFromSnakeCase" { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            decoder.dateDecodingStrategy = .iso8601
        }
        do {
            let seconds: Double
            switch subject {
            case "twitter": seconds = try timeFirstDecode(TwitterSearch.self, decoder, data)
            case "citm": seconds = try timeFirstDecode(CitmCatalog.self, decoder, data)
            case "canada": seconds = try timeFirstDecode(FeatureCollection.self, decoder, data)
            case "gsoc": seconds = try timeFirstDecode(GsocProjects.self, decoder, data)
            case "github_events": seconds = try timeFirstDecode([GitHubEvent].self, decoder, data)
            case "mesh": seconds = try timeFirstDecode(Mesh.self, decoder, data)
            case "service-convertFromSnakeCase": seconds = try timeFirstDecode(ServiceBatch.self, decoder, data)
            case "service-CodingKeys": seconds = try timeFirstDecode(KeyedServiceBatch.self, decoder, data)
            default: fail("no cold subject named \(subject)")
            }
            print(seconds * 1000)
            exit(0)
        } catch {
            fail("\(arguments[3]) cannot decode \(subject): \(error)")
        }
    }

    /// The monotonic clock straight from libc: Dispatch's would be a first use of its own.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func timeFirstDecode<Model: Decodable>(
        _ model: Model.Type, _ decoder: JSONDecoder, _ data: Data
    ) throws -> Double {
        let start = now()
        let value = try decoder.decode(Model.self, from: data)
        let seconds = now() - start
        consume(value)
        return seconds
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("cold: \(message)\n".utf8))
        exit(1)
    }

    // MARK: - The parent

    /// Runs `repeats` children per subject and decoder, the decoders alternating (A B, B A, ...)
    /// so that drift in machine speed hits both alike. Progress goes to stderr.
    static func run(subjects: [Subject], repeats: Int) -> [Row] {
        // The table printed so far is still in stdout's buffer when stdout is a pipe or file
        // (`make bench | tee`): out before the progress lines on stderr.
        fflush(nil)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("fastmap-cold-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("cold: cannot create \(folder.path): \(error)\n".utf8))
            return []
        }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var rows: [Row] = []
        for (position, subject) in subjects.enumerated() {
            FileHandle.standardError.write(
                Data("[cold \(position + 1)/\(subjects.count)] first decode of \(subject.name)...\n".utf8))
            var row = Row(subject: subject)
            let file = folder.appendingPathComponent(subject.name + ".json")
            do {
                try subject.data.write(to: file)
            } catch {
                row.failures.append("cannot write \(file.path): \(error)")
                rows.append(row)
                continue
            }
            for run in 0..<repeats {
                let order = run.isMultiple(of: 2) ? decoders : decoders.reversed()
                for decoder in order {
                    switch spawn(executable, ["cold", subject.name, decoder, file.path]) {
                    case .success(let milliseconds): row.milliseconds[decoder, default: []].append(milliseconds)
                    case .failure(let problem): row.failures.append("\(decoder): \(problem.message)")
                    }
                }
                if !row.failures.isEmpty { break }
            }
            rows.append(row)
        }
        return rows
    }

    private struct ChildFailure: Error {
        let message: String
    }

    private static func spawn(_ executable: String, _ arguments: [String]) -> Result<Double, ChildFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(ChildFailure(message: "cannot start \(executable): \(error)"))
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let milliseconds = Double(text) else {
            let reason = String(decoding: complaint, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(ChildFailure(message: "exit \(process.terminationStatus): \(reason)"))
        }
        return .success(milliseconds)
    }

    // MARK: - The table

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count.isMultiple(of: 2)
            ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }

    /// Median milliseconds per decoder and JSONDecoder's time over FastJSONDecoder's (above 1:
    /// FastMap's first decode is the faster).
    static func printTable(_ rows: [Row], repeats: Int) {
        let subjectWidth = rows.map(\.subject.name.count).reduce(7, max) + 2
        let corpusWidth = rows.map(\.subject.corpus.count).reduce(6, max) + 2
        var lines = [
            "",
            "first decode in a fresh process (median of \(repeats) processes per decoder, alternating; ms)",
            Report.pad("subject", subjectWidth) + Report.pad("corpus", corpusWidth) + Report.pad("KB", 8)
                + Report.pad("FastJSONDecoder", 17) + Report.pad("JSONDecoder", 13) + "JSONDecoder ÷ FastJSONDecoder",
        ]
        for row in rows {
            var line =
                Report.pad(row.subject.name, subjectWidth) + Report.pad(row.subject.corpus, corpusWidth)
                + Report.pad(String(row.subject.data.count / 1000), 8)
            let fast = median(row.milliseconds["FastJSONDecoder"] ?? [])
            let foundation = median(row.milliseconds["JSONDecoder"] ?? [])
            line += Report.pad(fast.map { Report.format($0, 2) } ?? "-", 17)
            line += Report.pad(foundation.map { Report.format($0, 2) } ?? "-", 13)
            if let fast, let foundation, fast > 0 { line += Report.format(foundation / fast, 2) + "×" }
            if let failure = row.failures.first { line += "  failed: \(failure)" }
            lines.append(line)
        }
        print(lines.joined(separator: "\n"))
    }
}
