import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// What one streaming run produced, in a form that compares across chunkings.
struct StreamRun: Equatable, CustomStringConvertible {
    /// One entry per element: its index, offset, line and value text or failure text.
    var elements: [String] = []
    /// Why the stream stopped, if it did: the reason and the location.
    var stop: String?

    var description: String { (elements + [stop.map { "STOP " + $0 } ?? "END"]).joined(separator: "\n") }
}

func describe(_ element: StreamedElement) -> String {
    let head = "#\(element.index) @\(element.offset) L\(element.line):\(element.column) "
    switch element.payload {
    case .value(let json):
        var text = json.description
        // Numbers that print alike but differ in kind must not compare equal.
        if let number = json.number {
            switch number {
            case .integer: text += " int"
            case .unsigned: text += " uint"
            case .double(let value): text += value == 0 && value.sign == .minus ? " -zero" : " double"
            case .text: text += " text"
            }
        }
        return head + text
    case .failure(let error):
        return head + "FAIL \(error.kind) \(error.message) (\(error.location.map(\.description) ?? "?"))"
    }
}

func describe(_ stop: StreamingStop, mode: StreamingMode) -> String {
    let error = stop.error(streaming: mode)
    return "\(error.kind) \(error.pathDescription) \(error.message) (\(stop.location)) after \(stop.elementsRead)"
}

/// Streams `bytes` fed as `chunks` and records everything that comes out.
func runStream(
    _ chunks: [[UInt8]], mode: StreamingMode, maximumDepth: Int = 512, usesArenas: Bool = true,
    memoryLimit: Int? = nil, parser engine: JSONParser = .simdjson
) throws -> StreamRun {
    try runStreamCounting(
        chunks, mode: mode, maximumDepth: maximumDepth, usesArenas: usesArenas, memoryLimit: memoryLimit,
        parser: engine
    ).run
}

/// ``runStream(_:mode:maximumDepth:usesArenas:memoryLimit:parser:)``, and how many elements
/// simdjson's windows read.
func runStreamCounting(
    _ chunks: [[UInt8]], mode: StreamingMode, maximumDepth: Int = 512, usesArenas: Bool = true,
    memoryLimit: Int? = nil, parser engine: JSONParser = .simdjson
) throws -> (run: StreamRun, bySimdjson: Int) {
    let parser = try StreamingParser(
        mode: mode, maximumDepth: maximumDepth, memoryLimit: memoryLimit, usesArenas: usesArenas, parser: engine)
    var run = StreamRun()
    var elements: [StreamedElement] = []
    feeding: for chunk in chunks {
        try JSONInput.with(chunk) { bytes in
            var rest = bytes
            while !rest.isEmpty {
                let used = parser.feed(rest, into: &elements)
                try #require(used > 0 || parser.failure != nil, "feed must make progress")
                rest = rest.dropFirst(used)
                if parser.failure != nil { break }
            }
        }
        if parser.failure != nil { break feeding }
    }
    parser.finish(into: &elements)
    run.elements = elements.map(describe)
    run.stop = parser.failure.map { describe($0, mode: mode) }
    return (run, parser.elementsReadBySimdjson)
}

func runStream(_ text: String, mode: StreamingMode = .array(.root), chunkSize: Int? = nil, maximumDepth: Int = 512)
    throws -> StreamRun
{
    let bytes = Array(text.utf8)
    return try runStream(
        chunkSize.map { chunked(bytes, sizes: [$0]) } ?? [bytes], mode: mode, maximumDepth: maximumDepth)
}

/// Streams `text` whole, in 1-byte chunks, in small fixed chunks and in random chunks, with
/// and without arenas, with simdjson windows and with yajl alone, and requires every run to
/// agree. Returns the whole-input run.
@discardableResult
func runEveryChunking(
    _ text: String, mode: StreamingMode = .array(.root), maximumDepth: Int = 512,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> StreamRun {
    let bytes = Array(text.utf8)
    let reference = try runStream([bytes], mode: mode, maximumDepth: maximumDepth)
    var chunkings: [[Int]] = [[1], [2], [3], [5], [7], [16]]
    for seed in 1...4 { chunkings.append(randomSizes(count: 64, limit: 24, seed: UInt64(seed))) }
    for sizes in chunkings {
        for usesArenas in [true, false] {
            let run = try runStream(
                chunked(bytes, sizes: sizes), mode: mode, maximumDepth: maximumDepth, usesArenas: usesArenas)
            #expect(
                run == reference, "chunk sizes \(sizes.prefix(8))…, arenas: \(usesArenas)",
                sourceLocation: sourceLocation)
        }
    }
    for sizes in [[bytes.count], [1], [7]] {
        let yajl = try runStream(chunked(bytes, sizes: sizes), mode: mode, maximumDepth: maximumDepth, parser: .yajl)
        #expect(yajl == reference, "yajl alone, chunk sizes \(sizes)", sourceLocation: sourceLocation)
    }
    return reference
}
