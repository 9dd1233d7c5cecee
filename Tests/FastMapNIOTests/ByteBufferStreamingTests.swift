#if NIO
    import FastMapNIO
    import FastMapTestSupport
    import Foundation
    import NIOCore
    import Testing

    @Suite struct ByteBufferStreamingTests {
        @Test(arguments: [[1], [7, 3, 64], [4096]])
        func streamsAnArrayOfBuffers(sizes: [Int]) async throws {
            let readings = sampleReadings(300)
            let chunks = BufferSequence(buffers: try buffers(readings, lines: false, sizes: sizes))
            var decoded: [Reading] = []
            for try await reading in FastJSONDecoder().stream(Reading.self, from: chunks) { decoded.append(reading) }
            #expect(decoded == readings)
        }

        @Test func streamsTheArrayAtAPath() async throws {
            let text = #"{"meta":1,"data":[{"id":1,"name":"a","score":1},{"id":2,"name":"b","score":2}]}"#
            let chunks = BufferSequence(buffers: chunked(Array(text.utf8), sizes: [5]).map { ByteBuffer(bytes: $0) })
            var ids: [Int] = []
            for try await reading in FastJSONDecoder().stream(Reading.self, inArrayAt: "data", from: chunks) {
                ids.append(reading.id)
            }
            #expect(ids == [1, 2])
        }

        @Test func streamsLinesOfBuffers() async throws {
            let readings = sampleReadings(120)
            let chunks = BufferSequence(buffers: try buffers(readings, lines: true, sizes: [13, 2]))
            var decoded: [Reading] = []
            for try await reading in FastJSONDecoder().lines(Reading.self, from: chunks) { decoded.append(reading) }
            #expect(decoded == readings)
        }

        @Test func readsBuffersOnlyAsRecordsAreConsumed() async throws {
            let chunks = BufferSequence(buffers: try buffers(sampleReadings(50), lines: true, sizes: [64]))
            var iterator = FastJSONDecoder().lines(Reading.self, from: chunks).makeAsyncIterator()
            _ = try await iterator.next()
            #expect(chunks.taken.count < 3)
            #expect(chunks.buffers.count > 20)
        }
    }

    @Suite struct BodyStreamTests {
        func collect(_ stream: FastJSONDecoder.BodyStream<Reading>) async -> ([Reading], FastJSONDecoder.BodyError?) {
            var readings: [Reading] = []
            do {
                for try await reading in stream { readings.append(reading) }
                return (readings, nil)
            } catch {
                return (readings, error as? FastJSONDecoder.BodyError)
            }
        }

        @Test func deliversEveryRecordOfAGoodBody() async throws {
            let readings = sampleReadings(40)
            for lines in [false, true] {
                let chunks = BufferSequence(buffers: try buffers(readings, lines: lines, sizes: [9]))
                let format: FastJSONDecoder.BodyFormat = lines ? .lines : .array()
                let (decoded, error) = await collect(FastJSONDecoder().body(Reading.self, format: format, from: chunks))
                #expect(decoded == readings)
                #expect(error == nil)
            }
        }

        @Test func aRecordThatDoesNotDecodeIsNamedByIndexAndOffset() async throws {
            let text =
                #"[{"id":0,"name":"a","score":1},{"id":1,"name":"b","score":"high"},{"id":2,"name":"c","score":3}]"#
            let chunks = BufferSequence(buffers: chunked(Array(text.utf8), sizes: [4]).map { ByteBuffer(bytes: $0) })
            let (decoded, error) = await collect(FastJSONDecoder().body(Reading.self, format: .array(), from: chunks))
            #expect(decoded.map(\.id) == [0])
            let failure = try #require(error)
            #expect(failure.index == 1)
            #expect(failure.offset == 31)
            #expect(!failure.isTooLarge)
            #expect(failure.description.contains("record 1 at byte 31"))
            #expect(failure.description.contains("$[1].score"))
            #expect(!failure.description.contains("high"))
        }

        @Test func aBodyCutMidRecordNamesTheRecordAndWhereItEnds() async throws {
            let text = "{\"id\":0,\"name\":\"a\",\"score\":1}\n{\"id\":1,\"name\":\"b\",\"score\":2}\n{\"id\":2,\"na"
            let chunks = BufferSequence(buffers: [ByteBuffer(string: text)])
            let (decoded, error) = await collect(FastJSONDecoder().body(Reading.self, format: .lines, from: chunks))
            #expect(decoded.map(\.id) == [0, 1])
            let failure = try #require(error)
            #expect(failure.index == 2)
            #expect(failure.offset != nil)
            #expect(failure.description.hasPrefix("Invalid record 2 at byte"))
        }

        @Test func malformedArrayTextStopsTheStreamAtItsOffset() async throws {
            let text = #"[{"id":0,"name":"a","score":1} {"id":1}]"#
            let chunks = BufferSequence(buffers: [ByteBuffer(string: text)])
            let (decoded, error) = await collect(FastJSONDecoder().body(Reading.self, format: .array(), from: chunks))
            #expect(decoded.count == 1)
            let failure = try #require(error)
            guard case .malformed = failure.reason else {
                Issue.record("expected malformed, got \(failure)")
                return
            }
            #expect(failure.index == 1)
            #expect(failure.offset == 31)  // the second object's `{`, where a comma belongs
        }

        @Test func aBodyPastTheLimitIsRefusedWithoutReadingOn() async throws {
            let chunks = BufferSequence(buffers: try buffers(sampleReadings(200), lines: true, sizes: [100]))
            let (decoded, error) = await collect(
                FastJSONDecoder().body(Reading.self, format: .lines, from: chunks, maximumSize: 1000))
            let failure = try #require(error)
            #expect(failure.isTooLarge)
            #expect(chunks.taken.count == 11)
            #expect(decoded.count == failure.index)
            #expect(decoded.count < 40)
        }

        @Test func aDeclaredSizePastTheLimitIsRefusedBeforeAnyRead() async throws {
            let chunks = BufferSequence(buffers: try buffers(sampleReadings(5), lines: true, sizes: [100]))
            let stream = FastJSONDecoder().body(
                Reading.self, format: .lines, from: chunks, maximumSize: 100, declaredSize: 5000)
            let (decoded, error) = await collect(stream)
            #expect(decoded.isEmpty)
            #expect(error?.isTooLarge == true)
            #expect(chunks.taken.count == 0)
            #expect(error?.description == "The body is larger than the limit of 100 bytes (refused at record 0).")
        }

        @Test func theFormatFollowsTheContentType() {
            #expect(FastJSONDecoder.BodyFormat(contentType: "application/x-ndjson") == .lines)
            #expect(FastJSONDecoder.BodyFormat(contentType: "application/jsonl; charset=utf-8") == .lines)
            #expect(FastJSONDecoder.BodyFormat(contentType: "application/json") == .array())
            #expect(FastJSONDecoder.BodyFormat(contentType: nil) == .array())
        }
    }
#endif
