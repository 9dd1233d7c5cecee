import CFuzzDriver
import FastMap
import Foundation

// SwiftPM links an executable's own `main`, so libFuzzer's is never pulled in; its driver is
// started from there instead, through its C declaration (CFuzzDriver).

/// The target of this process, set once before the driver starts.
nonisolated(unsafe) private var fuzzTarget: (@convention(c) (UnsafePointer<UInt8>, Int) -> CInt)?

/// Hands the process to libFuzzer, which calls `target` with every input it tries.
public func runFuzzer(_ target: @escaping @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
    fuzzTarget = target
    var argumentCount = CommandLine.argc
    var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(
        LLVMFuzzerRunDriver(&argumentCount, &argumentValues) { data, count in
            // libFuzzer passes a valid pointer even for an empty input.
            guard let data, let target = fuzzTarget else { return 0 }
            return target(data, count)
        })
}

/// What a call produced: its value, or the fact that it threw (with the error's text, for the
/// crash report).
public enum Outcome<Value> {
    case value(Value)
    case failure(String)

    /// Runs `body` and records what it did.
    public init(_ body: () throws -> Value) {
        do { self = .value(try body()) } catch { self = .failure(Self.describe(error)) }
    }

    /// The error's text, marked when it is FastMap's documented strictness: FastMap validates
    /// every byte of the document, while Foundation's scanner skips the strings a model never
    /// reads (a raw control character there passes, and so does an escape that names half of a
    /// surrogate pair, which Foundation rejects with the same words in a string it reads: an
    /// `.invalidUnicode` error). Numbers and trailing commas are no longer excused: FastMap
    /// reads them as Foundation does.
    static func describe(_ error: any Error) -> String {
        guard case .dataCorrupted(let context) = error as? DecodingError,
            let underlying = context.underlyingError as? FastMapError,
            underlying.kind == .syntax || underlying.kind == .invalidUnicode
        else { return "\(error)" }
        return Outcome<Void>.stricter + "\(error)"
    }

    /// The value, if the call succeeded.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension Outcome where Value == Void {
    static let stricter = "[stricter than Foundation] "
}

/// Fails the run unless both calls threw or both returned values `equal` calls the same
/// (`==` unless given).
public func requireSameOutcome<Value: Equatable>(
    _ label: String, _ fast: Outcome<Value>, _ foundation: Outcome<Value>,
    equal: (Value, Value) -> Bool = (==), file: StaticString = #file, line: UInt = #line
) {
    switch (fast, foundation) {
    case (.value(let a), .value(let b)):
        precondition(equal(a, b), "\(label): FastMap decoded \(a), Foundation \(b)", file: file, line: line)
    case (.failure, .failure):
        break
    case (.value(let a), .failure(let error)):
        preconditionFailure("\(label): FastMap decoded \(a), Foundation threw \(error)", file: file, line: line)
    case (.failure(let error), .value):
        if error.hasPrefix(Outcome<Void>.stricter) { break }
        preconditionFailure(
            "\(label): FastMap threw \(error), Foundation decoded \(foundation)", file: file, line: line)
    }
}

/// Whether `bytes` would be read as UTF-16 or UTF-32 by `JSONDecoder`'s encoding detection
/// (a byte order mark, or zero bytes among the first four).
public func looksLikeWideEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let head = bytes.prefix(4)
    if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return true }
    return head.contains(0)
}

extension Outcome: Sendable where Value: Sendable {}

/// Whether `JSONDecoder` (swift-foundation 6.3.1) traps on `bytes` instead of throwing: when the
/// bracket that nests a document past its 512 levels is the input's last byte, the scanner
/// computes that error's source location one past the end (`[` 513 times, with or without white
/// space before them; one byte more and it throws). True for every input that ends with an
/// opening bracket more than 512 levels deep, a few more than trap: such a document is never
/// valid, so FastMap is still run on it and must throw; only Foundation is left out.
public func foundationTrapsOnDeepNestingAtEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let last = bytes.last, last == UInt8(ascii: "[") || last == UInt8(ascii: "{") else { return false }
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
        default: break
        }
    }
    return !inString && depth > 512
}
