import Foundation
import Testing

@testable import FastMap

/// The element-by-element `[T]` decode reserves the array's capacity from the text read so far
/// (`FastJSONDecoder.reserve(_:forTextLeft:after:)`) instead of doubling as elements arrive.
/// The estimate only sizes the buffer: values are the same whatever it guesses.
@Suite("Element-by-element decoding: the array's capacity")
struct ElementByElementCapacityTests {
    /// Elements the allocator may add to a requested capacity (it rounds large blocks to pages).
    static let allocatorSlack = 4096 / MemoryLayout<Int>.stride

    /// An array of `count` elements (their values are irrelevant here) with at least `capacity`.
    static func array(count: Int, capacity: Int = 0) -> [Int] {
        var array = [Int](repeating: 7, count: count)
        array.reserveCapacity(capacity)
        return array
    }

    @Test("Uniform records: the final capacity in a few fourfold steps, about 3% over")
    func uniformRecordsReachTheirSize() {
        // 1 MiB slices of a 200 MiB text holding 7,000 elements per MiB.
        let slice = 1 << 20
        let total = 200 * slice
        var result = Self.array(count: 7_000)
        var steps = 0
        for read in stride(from: slice, through: total, by: slice) {
            if result.count < read / slice * 7_000 {
                result += repeatElement(7, count: read / slice * 7_000 - result.count)
            }
            let before = result.capacity
            FastJSONDecoder.reserve(&result, forTextLeft: total - read, after: read)
            if result.capacity != before {
                steps += 1
                #expect(result.capacity <= before * 4 + Self.allocatorSlack)
            }
        }
        #expect(result.count == 1_400_000)
        #expect(steps <= 5)
        #expect(result.capacity >= 1_400_000)
        #expect(result.capacity <= 1_400_000 + 1_400_000 / 16)
    }

    @Test("Nothing to estimate from, or room enough: the capacity stays")
    func leavesTheCapacityAlone() {
        var empty: [Int] = []
        FastJSONDecoder.reserve(&empty, forTextLeft: 1 << 30, after: 1 << 20)
        #expect(empty.capacity == 0)
        for (left, read) in [(0, 1 << 20), (1 << 20, 0), (-5, 100), (100, -5)] {
            var array = Self.array(count: 10)
            let before = array.capacity
            FastJSONDecoder.reserve(&array, forTextLeft: left, after: read)
            #expect(array.capacity == before, "left \(left), read \(read)")
        }
        var roomy = Self.array(count: 10, capacity: 1_000)
        let before = roomy.capacity
        FastJSONDecoder.reserve(&roomy, forTextLeft: 100, after: 100)
        #expect(roomy.capacity == before)
    }

    @Test("Small elements first, then large ones: at most fourfold, and the values stay")
    func misleadingStartsStayBounded() throws {
        var array = Self.array(count: 100_000)
        let before = array.capacity
        // 100,000 elements in the first MiB of a (claimed) 10 GB text.
        FastJSONDecoder.reserve(&array, forTextLeft: 10_000_000_000, after: 1 << 20)
        #expect(array.capacity <= before * 4 + Self.allocatorSlack)
        #expect(array.count == 100_000)

        // 3 MB of text: tiny elements in the first slice, ones of 40 KB after it.
        let tiny = Array(repeating: #""a""#, count: 250_000).joined(separator: ",")
        let large = (0..<50).map { #""\#($0)\#(String(repeating: "z", count: 40_000))""# }.joined(separator: ",")
        let text = Data(("[" + tiny + "," + large + "]").utf8)
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = 0
        let decoded = try decoder.decode([String].self, from: text)
        let expected = try JSONDecoder().decode([String].self, from: text)
        #expect(decoded == expected)
    }
}
