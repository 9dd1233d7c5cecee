import FastMapHummingbird
import Foundation
import IngestKit
import Testing

/// The ingestion service end to end, over real HTTP on loopback.
@Suite struct IngestServiceTests {
    @Test func storesArrayAndNDJSONUploads() async throws {
        try await withIngestService { client, store in
            let array = try await client.post("/events", json: try text(events(0, 250), lines: false))
            #expect(array.status == 200)
            #expect(array.text == #"{"stored":250}"#)
            let lines = try await client.post(
                "/events", json: try text(events(250, 250), lines: true), contentType: ndjson)
            #expect(lines.text == #"{"stored":250}"#)
            let baseline = try await client.post(
                "/events/foundation", json: try text(events(500, 10), lines: true), contentType: ndjson)
            #expect(baseline.text == #"{"stored":10}"#)
            #expect(try await store.ids() == Array(0..<510))
            let stats = try await client.send("GET", "/stats")
            let answer = try JSONDecoder().decode(IngestService.Stats.self, from: Data(stats.body))
            #expect(answer.events == 510)
            #expect(answer.uploads == 3)
            #expect(answer.refused == 0)
        }
    }

    @Test func aMalformedRecordAnswers400WithIndexAndOffsetAndKeepsTheRecordsBefore() async throws {
        try await withIngestService { client, store in
            var body = try text(events(0, 150), lines: true)
            let offset = body.count
            body +=
                Array("{\"id\":150,\"kind\":\"view\",\"user\":7}\n".utf8) + (try text(events(151, 5), lines: true))
            let response = try await client.post("/events", json: body, contentType: ndjson)
            #expect(response.status == 400)
            let answer = try JSONDecoder().decode(ErrorAnswer.self, from: Data(response.body))
            #expect(answer.error.index == 150)
            #expect(answer.error.offset == offset)
            #expect(answer.error.stored == 150)
            #expect(answer.error.message.contains("record 150 at byte \(offset)"))
            #expect(try await store.ids() == Array(0..<150))
        }
    }

    @Test func aBodyCutMidRecordIsNamedAndTheWholeRecordsAreKept() async throws {
        try await withIngestService { client, store in
            let whole = try text(events(0, 20), lines: false)
            let cut = Array(whole[..<(whole.count - 30)])
            let response = try await client.post("/events", json: cut)
            #expect(response.status == 400)
            let answer = try JSONDecoder().decode(ErrorAnswer.self, from: Data(response.body))
            #expect(answer.error.index == 19)
            #expect(answer.error.offset == cut.count)
            #expect(try await store.count() == 19)
        }
    }

    @Test func aClientThatHangsUpMidRecordLosesOnlyThatRecord() async throws {
        try await withIngestService { client, store in
            let whole = try text(events(0, 30), lines: true)
            let sent = Array(whole[..<(whole.count - 20)])
            let response = try await client.send(
                "POST", "/events", headers: ["Content-Type": ndjson], body: .cut(sent: sent, declared: whole.count))
            #expect(response.status == 0 || response.status >= 400)
            // The server stored the complete records it received; wait for it to notice the hang-up.
            var stored = -1
            for _ in 0..<100 where stored != 29 {
                stored = try await store.count()
                if stored != 29 { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(stored == 29)
            let stats = try await client.send("GET", "/stats")
            #expect(stats.status == 200)
        }
    }

    @Test func aSlowClientIsReadAsItSends() async throws {
        try await withIngestService { client, store in
            let pieces = chunked(try text(events(0, 60), lines: false), sizes: [97])
            let response = try await client.send(
                "POST", "/events", headers: ["Content-Type": "application/json"],
                body: .chunked(pieces, pause: 0.01))
            #expect(response.text == #"{"stored":60}"#)
            #expect(try await store.ids() == Array(0..<60))
        }
    }

    @Test func anOversizedBodyIsRefusedWithoutBeingBuffered() async throws {
        try await withIngestService(maximumBodySize: 10_000) { client, store in
            let declared = try await client.send("POST", "/events", body: .declaredOnly(1 << 30))
            #expect(declared.status == 413)
            let pieces = chunked(try text(events(0, 500), lines: true), sizes: [1000])
            let streamed = try await client.send(
                "POST", "/events", headers: ["Content-Type": ndjson], body: .chunked(pieces))
            #expect(streamed.status == 413)
            let answer = try JSONDecoder().decode(ErrorAnswer.self, from: Data(streamed.body))
            #expect(answer.error.message.contains("limit of 10000 bytes"))
            #expect(answer.error.stored == answer.error.index)
            #expect(try await store.count() == answer.error.stored)
            #expect(answer.error.stored < 500)
        }
    }

    @Test func concurrentUploadsAreAllStored() async throws {
        try await withIngestService { client, store in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for upload in 0..<8 {
                    group.addTask {
                        let body = try text(events(upload * 1000, 300), lines: upload.isMultiple(of: 2))
                        let pieces = chunked(body, sizes: [1500])
                        let type = upload.isMultiple(of: 2) ? ndjson : "application/json"
                        return try await client.send(
                            "POST", "/events", headers: ["Content-Type": type], body: .chunked(pieces)
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 8))
            let expected = (0..<8).flatMap { Array($0 * 1000..<$0 * 1000 + 300) }
            #expect(try await store.ids().sorted() == expected)
        }
    }
}
