import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// One FastJSONDecoder shared by many tasks, settings changed while others decode, and values
/// decoded in one task used in another.
@Suite("FastJSONDecoder concurrency")
struct DecoderConcurrencyTests {
    private static func payload(_ index: Int) -> Data {
        Data(
            #"{"name":"n\#(index)","count":\#(index),"ratio":\#(index).5,"flag":\#(index % 2 == 0),"note":"é\#(index)"}"#
                .utf8)
    }

    @Test func sharedDecoderAcrossTasks() async throws {
        let decoder = FastJSONDecoder()
        let results = try await withThrowingTaskGroup(of: (Int, Simple).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var last: Simple? = nil
                    for round in 0..<200 {
                        let index = task * 1000 + round
                        last = try decoder.decode(Simple.self, from: Self.payload(index))
                        #expect(last?.count == index)
                    }
                    return (task, last!)
                }
            }
            var collected: [Int: Simple] = [:]
            for try await (task, value) in group { collected[task] = value }
            return collected
        }
        #expect(results.count == 8)
        #expect(results[3]?.name == "n3199")
    }

    @Test func settingsChangeWhileOthersDecode() async throws {
        let decoder = FastJSONDecoder()
        let key = CodingUserInfoKey(rawValue: "unused")!
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 0..<2000 {
                    decoder.userInfo[key] = round
                    decoder.lossyCoercions = round % 2 == 0 ? [] : .all
                    decoder.maximumDepth = 512 + round % 3
                }
            }
            for task in 0..<4 {
                group.addTask {
                    for round in 0..<300 {
                        // Valid under every setting the writer cycles through.
                        let value = try decoder.decode(Simple.self, from: Self.payload(task + round))
                        #expect(value.count == task + round)
                        _ = decoder.userInfo[key]
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func decodedValuesCrossTasks() async throws {
        let json = try JSON(data: Data(#"{"items":[1,2,3],"event":{"type":"t","payload":{"k":[true]}}}"#.utf8))
        let decoder = FastJSONDecoder()
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let items = try decoder.decode([Int].self, from: json, at: "items")
                    let payload = try decoder.decode(JSON.self, from: json, at: "event.payload")
                    return items.reduce(0, +) + (payload["k"]?[0]?.bool == true ? 1 : 0)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 7, count: 8))
        // A JSON value decoded in one task, read in another after the decoder is gone.
        let payload = try await Task { try FastJSONDecoder().decode(JSON.self, from: json, at: "event") }.value
        let read = await Task { payload["payload"]?["k"]?.count }.value
        #expect(read == 1)
    }
}
