import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Parsing and dropping documents must not grow the process: every tree is freed with its
/// last `JSON` value. (`make leaks` runs the whole suite under LeakSanitizer as well.)
@Suite(.serialized) struct MemoryTests {
    static let document = Data(
        #"{"id": 18446744073709551615, "name": "caf\u00e9 \ud83d\ude00", "tags": ["a", "b", "c"], "nested": {"x": [1.5, -0, null, true]}, "dup": 1, "dup": 2}"#
            .utf8)

    func churn(_ count: Int, parser: JSONParser) throws -> Int {
        var checksum = 0
        for _ in 0..<count {
            let json = try JSON(data: Self.document, options: .init(parser: parser))
            let child = json["nested"]!["x"]!
            checksum &+= child.count &+ json.count
        }
        return checksum
    }

    @Test(arguments: JSONParser.allCases)
    func parsingAndDroppingDocumentsKeepsMemoryFlat(parser: JSONParser) throws {
        _ = try churn(10_000, parser: parser)  // warm up allocator pools
        let before = residentMemoryBytes()
        let checksum = try churn(100_000, parser: parser)
        let after = residentMemoryBytes()
        #expect(checksum == 100_000 * 9)
        // Retaining even 16 bytes per document would add 1.6 MB; allow allocator noise below that.
        #expect(after - before < residentGrowthBound(1_500_000), "grew by \(after - before) bytes")
    }

    @Test func failedParsesFreeTheirPartialTrees() throws {
        let broken = Data(#"{"a": [1, 2, {"b": "c"}, "#.utf8)
        _ = try? JSON(data: broken)
        let before = residentMemoryBytes()
        var failures = 0
        for _ in 0..<50_000 where (try? JSON(data: broken)) == nil { failures += 1 }
        #expect(failures == 50_000)
        #expect(residentMemoryBytes() - before < residentGrowthBound(1_500_000))
    }
}
