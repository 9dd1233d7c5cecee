import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// What a streaming call produced, with everything a caller sees: the delivered values, each
/// collected ``FastJSONDecoder/ElementFailure`` (index, offset, line and the error reduced to
/// case, coding path, description and underlying error), and the error that ended the call.
struct StreamedOutcome<T: Equatable>: Equatable {
    struct Failure: Equatable {
        var index: Int
        var offset: Int
        var line: Int
        var error: SparseFailure
    }

    var values: [T] = []
    var failures: [Failure] = []
    var thrown: SparseFailure?
}

/// The ways a differential test reads an array document: `forEach` over a file, `stream(from:)`
/// over small chunks (so elements span feeds and the schema changes between them), and the
/// whole-document `decode([T].self)` read element by element.
enum SparseStreamingPath: CaseIterable {
    case forEachFile, chunks, wholeDocument
}

/// Runs `bytes` through `path` with `decoder` under `policy` (`collect` collects).
func streamedOutcome<T: Decodable & Equatable & Sendable>(
    _ type: T.Type, _ bytes: [UInt8], path: SparseStreamingPath, collect: Bool, at arrayPath: JSONKeyPath = .root,
    decoder: FastJSONDecoder
) async -> StreamedOutcome<T> {
    var outcome = StreamedOutcome<T>()
    let log = FailureLog()
    let policy: FastJSONDecoder.ElementErrorPolicy = collect ? .collect { log.append($0) } : .throw
    do {
        switch path {
        case .forEachFile:
            let url = try Hostile.temporaryFile(bytes, name: "sparse-stream")
            defer { try? FileManager.default.removeItem(at: url) }
            try decoder.forEach(type, inArrayAt: arrayPath, contentsOf: url, onError: policy) {
                outcome.values.append($0)
            }
        case .chunks:
            let source = Hostile.chunks(bytes, size: 7)
            for try await value in decoder.stream(type, inArrayAt: arrayPath, from: source, onError: policy) {
                outcome.values.append(value)
            }
        case .wholeDocument:
            decoder.elementByElementThreshold = 0
            let data = Data(bytes)
            outcome.values =
                arrayPath == .root
                ? try decoder.decode([T].self, from: data) : try decoder.decode([T].self, from: data, at: arrayPath)
        }
    } catch {
        outcome.thrown = SparseFailure(error)
    }
    outcome.failures = log.all.map {
        StreamedOutcome.Failure(index: $0.index, offset: $0.offset, line: $0.line, error: SparseFailure($0.error))
    }
    return outcome
}

/// Reads `documents` `rounds` times through every path with a sparse decoder and a full one
/// (sparse decoding off, `configure` applied to both), under `.throw` and `.collect` (the
/// whole-document path only under `.throw`), expecting the same outcome every time. Returns the
/// sparse decoder's counters.
@discardableResult
func expectStreamedSparseMatchesFull<T: Decodable & Equatable & Sendable>(
    _ type: T.Type, _ documents: [[UInt8]], at arrayPath: JSONKeyPath = .root, rounds: Int = 3,
    configure: (FastJSONDecoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
) async -> SparseDecodingControl.Statistics {
    let (sparse, full) = sparseAndFullDecoders(configure)
    for round in 0..<rounds {
        for document in documents {
            for path in SparseStreamingPath.allCases {
                for collect in path == .wholeDocument ? [false] : [false, true] {
                    let expected = await streamedOutcome(
                        type, document, path: path, collect: collect, at: arrayPath, decoder: full)
                    let actual = await streamedOutcome(
                        type, document, path: path, collect: collect, at: arrayPath, decoder: sparse)
                    #expect(
                        actual == expected,
                        "round \(round), \(path), collect \(collect): \(String(decoding: document, as: UTF8.self))",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }
    return sparse.sparseDecoding.statistics
}

/// `count` copies of the elements `make` writes, as an array document.
func arrayDocument(_ count: Int, _ make: (Int) -> String) -> [UInt8] {
    Array(("[" + (0..<count).map(make).joined(separator: ",\n") + "]").utf8)
}
