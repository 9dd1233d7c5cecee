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
    return 0
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

/// The indices of failed lines, appended from the streaming task.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ index: Int) { lock.withLock { stored.append(index) } }
    var indices: [Int] { lock.withLock { stored } }
}
