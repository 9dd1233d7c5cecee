import CFastMap
import FastMapTestSupport
import Foundation
import Testing

/// `fm_scan_commas` (stream_commas.c) finds the commas between an array's elements 64 bytes at a
/// time with bit masks. Here it is held to a byte-by-byte reading of the same rule, on valid
/// arrays (where the commas found must be exactly those between the elements) and on byte soups
/// of quotes, backslashes, brackets and commas, from every kind of start state, with strings and
/// runs of backslashes across the 64-byte blocks.
@Suite("Streaming: commas between elements")
struct StreamingCommaScanTests {
    struct Scan: Equatable, CustomStringConvertible {
        var end: Int
        var commas: Int
        var description: String { "end \(end), \(commas) commas" }
    }

    struct Start {
        var depth = 0
        var inString = false
        var escaped = false
        var maxCommas = 0
        var softLimit = Int.max
    }

    /// The rule, a byte at a time: a backslash escapes the next byte (an escaped backslash
    /// escapes nothing); an unescaped quote opens or closes a string; outside strings brackets
    /// nest and a comma at depth 0 is one between elements.
    struct ByteByByte {
        enum Event { case none, comma, arrayEnd }

        var depth: Int
        var inString: Bool
        var escapeNext: Bool

        /// Standing where `start` says (the scanner drops `escaped` outside strings).
        init(_ start: Start) {
            depth = start.depth
            inString = start.inString
            escapeNext = start.inString && start.escaped
        }

        /// Reads one byte: a comma between elements, the array's closing bracket, or neither.
        mutating func read(_ byte: UInt8) -> Event {
            let isEscaped = escapeNext
            escapeNext = byte == UInt8(ascii: "\\") && !isEscaped
            if byte == UInt8(ascii: "\"") && !isEscaped {
                inString.toggle()
                return .none
            }
            if inString { return .none }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return .arrayEnd }
                depth -= 1
            case UInt8(ascii: ",") where depth == 0: return .comma
            default: break
            }
            return .none
        }

        /// Where the reading stands, as a start state for the scanner.
        var start: Start { Start(depth: depth, inString: inString, escaped: inString && escapeNext) }
    }

    static func reference(_ bytes: [UInt8], _ start: Start) -> Scan {
        var reader = ByteByByte(start)
        var scan = Scan(end: 0, commas: 0)
        for (index, byte) in bytes.enumerated() {
            switch reader.read(byte) {
            case .none: continue
            case .arrayEnd: return scan
            case .comma:
                scan.end = index + 1
                scan.commas += 1
                if scan.commas == start.maxCommas || scan.end > start.softLimit { return scan }
            }
        }
        return scan
    }

    static func scan(_ bytes: [UInt8], _ start: Start) -> Scan {
        var commas = 0
        let end = bytes.withUnsafeBufferPointer { buffer in
            fm_scan_commas(
                buffer.baseAddress, buffer.count, start.depth, start.inString ? 1 : 0, start.escaped ? 1 : 0,
                start.maxCommas, start.softLimit, &commas)
        }
        return Scan(end: end, commas: commas)
    }

    static func expectSame(
        _ bytes: [UInt8], _ start: Start = Start(), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = reference(bytes, start)
        let found = scan(bytes, start)
        #expect(
            found == expected,
            "\(String(decoding: bytes.prefix(120), as: UTF8.self)) from \(start)", sourceLocation: sourceLocation)
    }

    @Test("Valid arrays: exactly the commas between the elements, from every start")
    func validArrays() throws {
        var random = RandomJSONGenerator(seed: 64)
        for _ in 0..<40 {
            let count = Int.random(in: 1...30, using: &random.generator)
            let elements = try (0..<count).map { _ in
                try JSONSerialization.data(withJSONObject: random.container(), options: .fragmentsAllowed)
            }
            // The elements and their commas, then the array's closing bracket and more text.
            var bytes: [UInt8] = []
            var commaEnds: [Int] = []
            for (position, element) in elements.enumerated() {
                bytes += element
                if position < count - 1 {
                    bytes += Array(", ".utf8)
                    commaEnds.append(bytes.count - 1)
                }
            }
            let closing = bytes.count
            bytes += Array("] , {\"after\": [1, 2]}".utf8)
            #expect(Self.scan(bytes, Start()) == Scan(end: commaEnds.last ?? 0, commas: commaEnds.count))
            for limit in [1, 2, count] where limit <= commaEnds.count {
                #expect(Self.scan(bytes, Start(maxCommas: limit)) == Scan(end: commaEnds[limit - 1], commas: limit))
            }
            // From inside the elements: the state a byte-by-byte reading has there.
            for cut in stride(from: 0, to: closing, by: max(1, closing / 25)) {
                Self.expectSame(Array(bytes[cut...]), Self.state(before: cut, in: bytes))
            }
        }
    }

    @Test("Byte soups: strings, backslash runs and brackets across every block boundary")
    func byteSoups() {
        var generator = SeededGenerator(seed: 2_026)
        let alphabet = Array(#""\\,[]{}a "#.utf8)
        for round in 0..<3_000 {
            let length = Int.random(in: 0...300, using: &generator)
            // Mostly one kind of byte in places, so runs of backslashes and long strings occur.
            let bias = alphabet.randomElement(using: &generator)!
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? bias : alphabet.randomElement(using: &generator)!
            }
            let start = Start(
                depth: round % 5 == 0 ? 0 : Int.random(in: 0...3, using: &generator),
                inString: Bool.random(using: &generator), escaped: Bool.random(using: &generator),
                maxCommas: [0, 1, 3].randomElement(using: &generator)!,
                softLimit: [Int.max, 0, 63, 64, 130].randomElement(using: &generator)!)
            Self.expectSame(bytes, start)
        }
    }

    @Test("Strings that close in a later block; a backslash as a block's last byte")
    func blockBoundaries() {
        for split in 60...68 {
            // A string whose backslash-escaped quote sits on each side of the 64-byte boundary.
            let text = "\"" + String(repeating: "x", count: split - 1) + #"\"], "more",1,2"#
            let escapedQuote = Array(text.utf8)
            Self.expectSame(Array("1,".utf8) + escapedQuote)
            Self.expectSame(escapedQuote, Start(inString: true))
            // Backslash runs of every parity ending at the boundary.
            for run in 1...4 {
                let text = "\"" + String(repeating: "y", count: split - run) + String(repeating: "\\", count: run)
                Self.expectSame(Array((text + "\",{\"k\":[1,2]},3,").utf8))
            }
        }
        let long = Array(("[" + String(repeating: "\"s,]\",", count: 100) + "0],7,8").utf8)
        #expect(Self.scan(long, Start()) == Scan(end: long.count - 1, commas: 2))
        Self.expectSame(long, Start(depth: 2))
        Self.expectSame([], Start(inString: true, escaped: true))
    }

    /// Where a byte-by-byte reading stands before `offset`.
    static func state(before offset: Int, in bytes: [UInt8]) -> Start {
        var reader = ByteByByte(Start())
        for byte in bytes[..<offset] { _ = reader.read(byte) }
        return reader.start
    }
}
