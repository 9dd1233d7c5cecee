import FastMap
import Foundation
import FuzzSupport

runFuzzer(fuzzStream)

/// Streams the input (after its first byte, which picks the chunk sizes) as an array and as
/// NDJSON through the chunked streaming API: the elements must be those of decoding the whole
/// document at once, and a document that does not decode whole must end the stream with an
/// error.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzStream(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let seed = start[0]
    let document = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
    checkArray(document, seed: seed)
    checkLines(document, seed: seed)
    checkWindows(document, lines: false)
    checkWindows(document, lines: true)
    return 0
}

/// simdjson windows (the default parser) against yajl alone, the input in one chunk so that
/// windows form: the same elements, and the same failures and stop, description included.
func checkWindows(_ document: [UInt8], lines: Bool) {
    /// Values compare as values (a dictionary's description has no fixed order), failures as text.
    struct Run: Equatable, Sendable {
        var values: [AnyValue] = []
        var failures: [String] = []
    }
    func run(_ parser: JSONParser) -> Run {
        runBlocking { () async -> Run in
            let collected = Collected()
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            var result = Run()
            let policy = FastJSONDecoder.ElementErrorPolicy.collect { failure in
                collected.append(failure.index, "\(failure.index) @\(failure.offset) L\(failure.line) \(failure.error)")
            }
            do {
                let elements =
                    lines
                    ? decoder.lines(AnyValue.self, from: ByteChunks(document, seed: 0), onError: policy)
                    : decoder.stream(AnyValue.self, from: ByteChunks(document, seed: 0), onError: policy)
                for try await element in elements { result.values.append(element) }
            } catch {
                result.failures.append("THROWN \(error)")
            }
            result.failures += collected.descriptions
            return result
        }
    }
    let windows = run(.simdjson)
    let yajl = run(.yajl)
    precondition(
        windows == yajl, "\(lines ? "lines" : "array") of \(document.count) bytes: windows \(windows), yajl \(yajl)")
}

/// The streaming readers are strict RFC 8259 (README: no trailing commas, no JSON5), so they are
/// held to the whole-document decoder in its strict mode.
func strictDecoder() -> FastJSONDecoder {
    let decoder = FastJSONDecoder()
    decoder.allowsTrailingCommas = false
    return decoder
}

func checkArray(_ document: [UInt8], seed: UInt8) {
    let whole = Outcome { try strictDecoder().decode([AnyValue].self, from: document) }
    let streamed = runBlocking { () async -> Outcome<[AnyValue]> in
        var elements: [AnyValue] = []
        do {
            for try await element in FastJSONDecoder().stream(AnyValue.self, from: ByteChunks(document, seed: seed)) {
                elements.append(element)
            }
            return .value(elements)
        } catch {
            return .failure("after \(elements.count) elements: \(error)")
        }
    }
    // JSONDecoder's encoding detection (UTF-16/32, byte order marks) applies to whole documents only.
    let wide = document.withUnsafeBufferPointer(looksLikeWideEncoding)
    if wide, whole.value != nil, streamed.value == nil { return }
    requireSameOutcome("array of \(document.count) bytes, chunk seed \(seed)", streamed, whole)
}

func checkLines(_ document: [UInt8], seed: UInt8) {
    var expected: [AnyValue] = []
    var failures: [Int] = []
    var index = 0
    for line in document.split(separator: 0x0A, omittingEmptySubsequences: false) {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        let parsed = try? strictDecoder().decode(
            AnyValue.self, from: JSON(bytes: line, options: .init(allowsTrailingCommas: false)))
        // The value of a line is that of decoding its text (a decode from a `JSON` value has no
        // text to read exceptional reals from); whether it is valid is the strict parse's call.
        let decoded = parsed.map { (try? strictDecoder().decode(AnyValue.self, from: Array(line))) ?? $0 }
        if let decoded { expected.append(decoded) } else { failures.append(index) }
        index += 1
    }
    let streamed = runBlocking { () async -> (Outcome<[AnyValue]>, [Int]) in
        let collected = Collected()
        var elements: [AnyValue] = []
        do {
            let lines = FastJSONDecoder().lines(
                AnyValue.self, from: ByteChunks(document, seed: seed),
                onError: .collect { failure in collected.append(failure.index) })
            for try await element in lines { elements.append(element) }
            return (.value(elements), collected.indices)
        } catch {
            return (.failure("after \(elements.count) lines: \(error)"), collected.indices)
        }
    }
    requireSameOutcome("lines of \(document.count) bytes, chunk seed \(seed)", streamed.0, .value(expected))
    precondition(streamed.1 == failures, "failing lines \(streamed.1), expected \(failures)")
}

/// The indices (and descriptions) of failed elements, appended from the streaming task.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    private var texts: [String] = []
    func append(_ index: Int, _ text: String = "") {
        lock.withLock {
            stored.append(index)
            texts.append(text)
        }
    }
    var indices: [Int] { lock.withLock { stored } }
    var descriptions: [String] { lock.withLock { texts } }
}
