import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Huge keys, objects with millions of keys, strings beyond 2 GB. FastMap has no size limit of
/// its own: every length is a `size_t` in C and an `Int` in Swift (64-bit), never narrowed, and
/// every `length + 1` is taken of a buffer that already exists, so no length computation can
/// wrap; what bounds a document is memory. `make test` runs moderate sizes (a 50 MB key,
/// 200,000 keys, a 16 MB string); `FASTMAP_STRESS_SCALE=50` runs the issue's full sizes
/// (10 million keys and a string of 2 GB + 1 byte).
@Suite("Hostile input: size")
struct HostileSizeTests {
    @Test func fiftyMegabyteKey() throws {
        let length = 50 << 20
        var bytes = Array(#"{""#.utf8)
        bytes.reserveCapacity(length + 16)
        // An array, not repeatElement: a debug build copies a Repeated collection an element
        // at a time through generic code, which took most of this test's time.
        bytes += [UInt8](repeating: UInt8(ascii: "k"), count: length)
        bytes += Array(#"":1,"b":2}"#.utf8)
        let key = String(repeating: "k", count: length)
        for parser in JSONParser.allCases {
            let json = try JSON(bytes: bytes, options: .init(parser: parser))
            #expect(json.count == 2)
            #expect(json[key]?.int == 1)
            #expect(json.keys.first?.utf8.count == length)
        }
        let decoded = try FastJSONDecoder().decode([String: Int].self, from: bytes)
        #expect(decoded[key] == 1 && decoded["b"] == 2)
    }

    /// 200,000 distinct keys in one object (ten million at scale 50), then the same key a
    /// hundred thousand times (the first wins, as in Foundation).
    @Test func millionsOfKeys() throws {
        let count = 200_000 * Hostile.scale
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(count * 16)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array(#""k\#(index)":\#(index)"#.utf8)
        }
        bytes.append(UInt8(ascii: "}"))
        let json = try JSON(bytes: bytes)
        #expect(json.count == count)
        #expect(json["k0"]?.int == 0)
        #expect(json["k\(count - 1)"]?.int == count - 1)
        #expect(json["k\(count)"] == nil)
        let decoded = try FastJSONDecoder().decode([String: Int].self, from: bytes)
        #expect(decoded.count == count && decoded["k\(count / 2)"] == count / 2)

        var repeated: [UInt8] = [UInt8(ascii: "{")]
        for index in 0..<100_000 {
            if index > 0 { repeated.append(UInt8(ascii: ",")) }
            repeated += Array(#""same":\#(index)"#.utf8)
        }
        repeated.append(UInt8(ascii: "}"))
        for parser in JSONParser.allCases {
            let same = try JSON(bytes: repeated, options: .init(parser: parser))
            #expect(same.count == 1 && same["same"]?.int == 0)
        }
        #expect(try FastJSONDecoder().decode([String: Int].self, from: repeated) == ["same": 0])
    }

    /// A string longer than `Int32.max` bytes at scale 50; a 16 MB one otherwise. The input is
    /// one page of text mapped again and again, so only the parsed string costs memory.
    @Test func stringBeyondTwoGigabytes() throws {
        let minimum = Hostile.scale >= 50 ? Int(Int32.max) + 2 : 16 << 20
        try RepeatedBlockInput.withString(minimumLength: minimum) { input, length in
            let json = try JSON(bytes: input)
            #expect(json.kind == .string)
            let string = try #require(json.string)
            #expect(string.utf8.count == length)
            #expect(string.utf8.last == UInt8(ascii: "a"))
        }
    }
}
