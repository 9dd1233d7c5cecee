import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The writer's output buffer (`JSONByteBuffer`) grows by hand: whatever mix of single bytes,
/// runs and truncations reaches it, from whatever starting capacity, it must hold exactly what
/// an array given the same calls holds.
@Suite struct JSONByteBufferTests {
    @Test(arguments: [-1, 0, 1, 15, 16, 17, 100])
    func randomAppendsAndTruncationsMatchAnArray(capacity: Int) {
        var random = SeededGenerator(seed: 0xB0FF_E2 &+ UInt64(bitPattern: Int64(capacity)))
        let buffer = JSONByteBuffer(capacity: capacity)
        var expected: [UInt8] = []
        for step in 0..<3000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let byte = UInt8.random(in: 0...255, using: &random)
                buffer.append(byte)
                expected.append(byte)
            case 5..<9:
                // Runs of every length up to past a doubling of the early capacities.
                let length = Int.random(in: 0...70, using: &random)
                let run = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
                run.withUnsafeBufferPointer { buffer.append($0) }
                expected.append(contentsOf: run)
            default:
                let count = Int.random(in: 0...expected.count, using: &random)
                buffer.truncate(to: count)
                expected.removeSubrange(count...)
            }
            #expect(buffer.count == expected.count, "step \(step)")
        }
        #expect(buffer.array == expected)
        #expect(buffer.withWritten { Array($0) } == expected)
        #expect(buffer.withBytes { span in span.withUnsafeBytes { Array($0) } } == expected)
        #expect(buffer.takeData() == Data(expected))
    }

    @Test(arguments: [0, 1, 14, 15, 16, 17, 1000, 1024, 70_000])
    func takenDataHoldsTheBytesAndLeavesTheBufferEmptyAndUsable(count: Int) {
        let buffer = JSONByteBuffer(capacity: 1024)
        let run = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        run.withUnsafeBufferPointer { buffer.append($0) }
        let taken = buffer.takeData()
        #expect(taken == Data(run))
        #expect(buffer.count == 0)
        // The buffer writes on into memory of its own: the taken bytes do not change.
        for byte in run.prefix(100).reversed() { buffer.append(byte) }
        #expect(buffer.array == Array(run.prefix(100).reversed()))
        #expect(taken == Data(run))
        let second = buffer.takeData()
        #expect(second == Data(run.prefix(100).reversed()))
        #expect(taken == Data(run))
    }

    @Test func oneRunFarLargerThanTheCapacityGrowsAtOnce() {
        let buffer = JSONByteBuffer(capacity: 0)
        let run = [UInt8](repeating: 0x61, count: 100_000)
        buffer.append(0x5B)
        run.withUnsafeBufferPointer { buffer.append($0) }
        buffer.append(0x5D)
        #expect(buffer.array == [0x5B] + run + [0x5D])
        // An empty run (no base address) adds nothing.
        buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        #expect(buffer.count == 100_002)
    }

    @Test func aWriterStartedWithNoCapacityWritesWhatFoundationWrites() throws {
        let value: [String: [String]] = ["urls": (0..<50).map { "https://example.com/\($0)/a\"b\\c\u{1}" }]
        for capacity in [0, 1, 256] {
            var writer = JSONByteWriter(prettyPrinted: true, escapeSlashes: true, keyOrder: .utf8, capacity: capacity)
            writer.beginContainer(UInt8(ascii: "{"))
            writer.indent()
            writer.writeString("urls")
            writer.keyValueSeparator()
            writer.beginContainer(UInt8(ascii: "["))
            for (index, url) in value["urls", default: []].enumerated() {
                if index > 0 { writer.separator() }
                writer.indent()
                writer.writeString(url)
            }
            writer.endContainer(UInt8(ascii: "]"))
            writer.endContainer(UInt8(ascii: "}"))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            #expect(writer.bytes == Array(try encoder.encode(value)), "capacity \(capacity)")
        }
    }
}
