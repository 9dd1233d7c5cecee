// The memory-limit probe: parses one hostile shape under a memory limit in a process of its own
// and prints how far the parse raised the process's peak resident size. SafetyMemoryLimitPeakTests
// runs it once per shape and entry point, so that no other test's memory is in the measurement.
//
//     FastMapMemoryProbe <shape> <limit> <json|decoder>
//
// prints `growth=<bytes> error=<FastMapError kind, or none>`. Linux only (it reads
// /proc/self/status and resets the peak through /proc/self/clear_refs); elsewhere it says so
// and exits with status 2.
import FastMap
import Foundation

/// The hostile shapes, each about 10 MB: what grows with the input when nothing bounds it.
enum Shape: String, CaseIterable {
    /// `[{} ,  {} , …]`: a tree 80 times the text, and white space to compact.
    case spacedEmptyObjects
    /// Four million nested arrays: the builder's frames and yajl's nesting stack.
    case nestedArrays
    /// A million nested objects `{"a":{"a":…}}`.
    case nestedObjects
    /// One string of five million `\n` escapes: yajl's decoding buffer.
    case escapedString
    /// One string of ten million letters: a token split across yajl's pieces.
    case longString
    /// One object with about a million members: the key tables.
    case manyKeys
    /// `[[1,],[1,],…]`: a trailing comma every five bytes.
    case trailingCommas
    /// One number of ten million digits.
    case longNumber

    var text: [UInt8] {
        let size = 10 << 20
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 64)
        func append(_ text: String) { bytes += Array(text.utf8) }
        switch self {
        case .spacedEmptyObjects:
            append("[{}")
            while bytes.count < size { append(" ,  {}") }
            append("]")
        case .nestedArrays:
            bytes += Array(repeating: UInt8(ascii: "["), count: 4_000_000)
            append("1")
            bytes += Array(repeating: UInt8(ascii: "]"), count: 4_000_000)
        case .nestedObjects:
            for _ in 0..<1_000_000 { append(#"{"a":"#) }
            append("1")
            bytes += Array(repeating: UInt8(ascii: "}"), count: 1_000_000)
        case .escapedString:
            append(#"[""#)
            for _ in 0..<(size / 2) { append(#"\n"#) }
            append(#""]"#)
        case .longString:
            append(#"[""#)
            bytes += Array(repeating: UInt8(ascii: "a"), count: size)
            append(#""]"#)
        case .manyKeys:
            append("{")
            var index = 0
            while bytes.count < size {
                append(#""k\#(index)":\#(index),"#)
                index += 1
            }
            append(#""end":0}"#)
        case .trailingCommas:
            append("[[1,]")
            while bytes.count < size { append(",[1,]") }
            append("]")
        case .longNumber:
            append("[")
            bytes += Array(repeating: UInt8(ascii: "1"), count: size)
            append("]")
        }
        return bytes
    }
}

/// A field of /proc/self/status in bytes (`VmHWM`, `VmRSS`), or nil.
func status(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
    }
    return nil
}

/// Sets the peak resident size back to the current one (Linux 4.0 and later).
func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let shape = Shape(rawValue: arguments[1]), let limit = Int(arguments[2]),
    ["json", "decoder"].contains(arguments[3])
else {
    print("usage: FastMapMemoryProbe <\(Shape.allCases.map(\.rawValue).joined(separator: "|"))> <limit> <json|decoder>")
    exit(1)
}
/// Parses `text` through the entry point asked for.
func parse(_ text: [UInt8]) throws {
    if arguments[3] == "json" {
        _ = try JSON(bytes: text, options: .init(maximumDepth: 10_000_000, memoryLimit: limit))
    } else {
        let decoder = FastJSONDecoder()
        decoder.memoryLimit = limit
        decoder.maximumDepth = 10_000_000
        _ = try decoder.decode(JSON.self, from: text)
    }
}

// A first, small parse through the same entry point and the same failure: the code and the
// runtime's records it needs are then in memory, and the measurement sees only the parse.
_ = try? parse(Array(#"[{"a":"\n1",\#(String(repeating: "[1,],", count: 100_000))null]"#.utf8))
let text = shape.text
guard resetPeak(), let before = status("VmRSS") else {
    print("FastMapMemoryProbe needs Linux's /proc/self/status and /proc/self/clear_refs")
    exit(2)
}
var failure: (any Error)?
do {
    try parse(text)
} catch {
    failure = error
}
guard let peak = status("VmHWM") else { exit(2) }
let kind: String
switch failure {
case nil: kind = "none"
case let error as FastMapError: kind = "\(error.kind)"
case let error as DecodingError:
    switch error {
    case .dataCorrupted(let context):
        kind = (context.underlyingError as? FastMapError).map { "\($0.kind)" } ?? "\(error)"
    default: kind = "\(error)"
    }
case let error?: kind = "\(error)"
}
print("growth=\(peak - before) error=\(kind)")
