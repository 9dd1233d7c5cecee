import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// NDJSON read in simdjson windows (stream_lines_simdjson.c): runs of whole lines are walked as
/// one array, and a line that is not exactly one value is given back to yajl. Every run is
/// compared with yajl alone, line by line.
@Suite("Streaming: simdjson windows over lines")
struct StreamingLineWindowTests {
    static func lines(_ count: Int) -> [String] {
        StreamingWindowTests.records(0..<count)
    }

    /// `count` record lines with `bad` as line `position`, blank lines and CRLF endings mixed in.
    static func document(_ bad: [UInt8], at position: Int, count: Int = 400) -> [UInt8] {
        var parts = lines(count).map { Array($0.utf8) }
        parts.insert(bad, at: position)
        var bytes: [UInt8] = []
        for (index, part) in parts.enumerated() {
            bytes += part
            bytes += Array((index % 7 == 3 ? "\r\n" : index % 11 == 5 ? "\n \t\n\n" : "\n").utf8)
        }
        return bytes
    }

    @Test func windowsReadAlmostEveryLine() throws {
        let bytes = Self.document(Array("{}".utf8), at: 0, count: 3000)
        let (run, bySimdjson) = try StreamingWindowTests.expectAgreement(bytes, mode: .lines)
        #expect(run.elements.count == 3001)
        #expect(run.stop == nil)
        #expect(bySimdjson == 3001)
        let yajl = try StreamingWindowTests.run(bytes, sizes: [bytes.count], mode: .lines, parser: .yajl)
        #expect(yajl.bySimdjson == 0)
    }

    /// Lines that are not one value (a comma, two values, a value over a line break, a string
    /// left open at a line's end, nothing but a form feed) and lines the builder refuses fail
    /// alone, exactly as with yajl.
    @Test(arguments: [
        "1,2", "1 2", "{}{}", "[1", "2]", "[1,\n2]", "[\"\n\"],1", "{\"\n}\":12},{}", #"{"a":"#, #""x"#, "\u{0C}{}", "{},",
        ",{}", "[1,]", "-01",
        #""\ud800""#, #"{"a":1,"a":2}"#, "1e400", "12345678901234567890123", "0.10000000000000000000001", "7",
        #""s""#, "true", "null", "[]", #"{"a":[1,{"b":null}]}"#, "tru", "\u{2028}1",
    ])
    func linesThatAreNotOneValueFailAlone(bad: String) throws {
        for position in [0, 1, 250, 400] {
            let (_, bySimdjson) = try StreamingWindowTests.expectAgreement(
                Self.document(Array(bad.utf8), at: position), mode: .lines)
            // Lines before the window that holds the bad one are simdjson's in any case (an
            // unclosed string flips simdjson's quote pairing for the rest of its window, which
            // yajl then reads whole).
            if position == 250 { #expect(bySimdjson >= 100, "\(bad)") }
        }
    }

    @Test(arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x01], [0x1F], [0x00]] as [[UInt8]])
    func badBytesAgree(bytes: [UInt8]) throws {
        let inString = Array(#"{"s":"a"#.utf8) + bytes + Array(#"b"}"#.utf8)
        try StreamingWindowTests.expectAgreement(Self.document(inString, at: 250), mode: .lines)
        try StreamingWindowTests.expectAgreement(Self.document(bytes, at: 250), mode: .lines)
    }

    @Test func limitsAgree() throws {
        let deep = String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
        let bytes = Self.document(Array(deep.utf8), at: 100)
        for depth in [0, 1, 11, 12, 13, 512] {
            try StreamingWindowTests.expectAgreement(bytes, mode: .lines, maximumDepth: depth)
        }
        let big = Self.document(Array(#"{"s":"\#(String(repeating: "x", count: 5000))"}"#.utf8), at: 100)
        for limit in [0, 100, 4096, 100_000] {
            try StreamingWindowTests.expectAgreement(big, mode: .lines, memoryLimit: limit)
        }
    }

    @Test func blankInputsAndLastLinesAgree() throws {
        for text in ["", "\n", "\n\n \r\n", "1", "1\n2", "{}\n\n", " {} \n{}", "[1,\n2]\n3\n", "\n\n{}"] {
            try StreamingWindowTests.expectAgreement(Array(text.utf8), mode: .lines)
        }
        // Thousands of blank lines between values, and a line far longer than a window.
        let blank = String(repeating: " \n", count: 100_000)
        let long = #"{"s":"\#(String(repeating: "z", count: 300_000))"}"#
        try StreamingWindowTests.expectAgreement(
            Array(("{}\n" + blank + long + "\n" + blank + "[]").utf8), mode: .lines)
    }

    @Test func randomLinesAgree() throws {
        for seed in 1...10 {
            var generator = RandomJSONGenerator(seed: UInt64(100 + seed), maximumDepth: 3)
            var bytes: [UInt8] = []
            for _ in 0..<150 {
                bytes += try JSONSerialization.data(withJSONObject: [generator.value()], options: [.fragmentsAllowed])
                bytes += Array("\n".utf8)
            }
            let (run, bySimdjson) = try StreamingWindowTests.expectAgreement(bytes, mode: .lines)
            #expect(run.elements.count == 150)
            #expect(bySimdjson > 100)
            for _ in 0..<6 {
                var damaged = bytes
                let index = Int.random(in: 0..<bytes.count, using: &generator.generator)
                damaged[index] = (StreamingWindowTests.damage + [0x0A]).randomElement(using: &generator.generator)!
                try StreamingWindowTests.expectAgreement(damaged, mode: .lines)
            }
        }
    }
}
