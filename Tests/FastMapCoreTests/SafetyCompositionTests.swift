import CFastMap
import CJansson
import Dispatch
import FastMap
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// Issue #15, items 2 and 7: composing values across documents and across threads.
@Suite("Safety: composing values")
struct SafetyCompositionTests {
    /// Unsigned integers were remembered by node address in a per-document set that composing
    /// copied without keeping the source alive: once a freed node's address was reused,
    /// `JSON(-1)` composed into an array read back as 18446744073709551615.
    @Test(arguments: [false, true])
    func integersKeepTheirValueAcrossDocuments(usesArena: Bool) throws {
        let text = "[18446744073709551615, 5, 18446744073709551614, {\"big\": 18446744073709551613}]"
        for round in 0..<200 {
            let kept: JSON
            do {
                let source = try JSON(string: text, options: .init(usesArena: usesArena))
                let five = try #require(source[1])
                kept = JSON(array: [five, try #require(source[3])])
            }
            // Fresh nodes, allocated where the source's unsigned nodes just were.
            var values: [JSON] = []
            for _ in 0..<8 { values.append(JSON(-1)) }
            values.append(JSON(UInt64.max))
            values.append(JSON(Int64.min))
            let composed = JSON(array: [kept] + values)
            for index in 1...8 { #expect(composed[index]?.int == -1, "round \(round)") }
            #expect(composed[9]?.uint64 == UInt64.max, "round \(round)")
            #expect(composed[10]?.int64 == Int64.min, "round \(round)")
            #expect(composed[0]?[0]?.int == 5)
            #expect(composed[0]?[1]?["big"]?.uint64 == 18_446_744_073_709_551_613)
            let written = String(decoding: try composed.data(), as: UTF8.self)
            #expect(
                written == "[[5,{\"big\":18446744073709551613}],"
                    + Array(repeating: "-1", count: 8).joined(separator: ",")
                    + ",18446744073709551615,-9223372036854775808]", "round \(round)")
        }
    }

    /// Parsed, streamed, built and encoded unsigned values all carry the mark; signed ones never.
    @Test func everySourceOfUnsignedValuesMarksThem() throws {
        for parser in JSONParser.allCases {
            let json = try JSON(
                string: "[18446744073709551615, -1, 9223372036854775808, -9223372036854775808]",
                options: .init(parser: parser))
            #expect(json[0]?.uint64 == UInt64.max && json[0]?.int == nil)
            #expect(json[1]?.int == -1 && json[1]?.uint64 == nil)
            #expect(json[2]?.uint64 == 1 << 63)
            #expect(json[3]?.int64 == Int64.min)
        }
        let run = try runStream("[18446744073709551615, -1]")
        #expect(run.elements.map { $0.hasSuffix(" uint") } == [true, false], "\(run)")
        struct Pair: Codable, Equatable {
            var big: UInt64
            var small: Int64
        }
        let pair = Pair(big: UInt64.max - 1, small: -2)
        let encoded = try FastJSONEncoder().encodeToJSON(pair)
        #expect(encoded["big"]?.uint64 == UInt64.max - 1 && encoded["small"]?.int64 == -2)
        #expect(try FastJSONDecoder().decode(Pair.self, from: encoded) == pair)
        #expect(try FastJSONDecoder().decode(Decimal.self, from: JSON(UInt64.max)) == Decimal(UInt64.max))
        #expect(try FastJSONDecoder().decode(Decimal.self, from: JSON(-1)) == Decimal(-1))
    }

    /// One value composed into new values from many threads at once (ThreadSanitizer checks it
    /// under `make sanitize`): every composed value reads the parts exactly.
    @Test(arguments: [false, true])
    func composingOneValueFromManyThreads(usesArena: Bool) throws {
        let shared = try JSON(
            string: #"{"list": [1, 2, 3], "name": "shared", "big": 18446744073709551615}"#,
            options: .init(usesArena: usesArena))
        let parts = try [#require(shared["list"]), #require(shared["name"]), #require(shared["big"]), shared]
        let failures = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for round in 0..<2_000 {
                let composed = JSON(array: parts)
                let nested = JSON(members: [("a", composed), ("b", parts[round % parts.count])])
                if nested["a"]?[2]?.uint64 != UInt64.max || nested["a"]?[0]?[1]?.int != 2 {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(shared["big"]?.uint64 == UInt64.max)
    }
}
