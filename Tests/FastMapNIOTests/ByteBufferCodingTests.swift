#if NIO
    import FastMapNIO
    import FastMapTestSupport
    import Foundation
    import NIOCore
    import Testing

    struct Reading: Codable, Equatable, Sendable {
        var id: Int
        var name: String
        var score: Double
    }

    @Suite struct ByteBufferCodingTests {
        @Test func decodesTheReadableBytesInPlace() throws {
            var buffer = ByteBuffer(string: "garbage{\"id\":1,\"name\":\"a\",\"score\":2.5}")
            buffer.moveReaderIndex(forwardBy: 7)
            let reading = try FastJSONDecoder().decode(Reading.self, from: buffer)
            #expect(reading == Reading(id: 1, name: "a", score: 2.5))
            #expect(buffer.readerIndex == 7)
        }

        @Test func decodesAtAPath() throws {
            let buffer = ByteBuffer(string: #"{"data":{"items":[{"id":2,"name":"b","score":1}]}}"#)
            let reading = try FastJSONDecoder().decode(Reading.self, from: buffer, at: "data.items[0]")
            #expect(reading.id == 2)
        }

        @Test func badInputThrowsTheDecodingErrorWithPathAndOffset() {
            let buffer = ByteBuffer(string: #"{"id":"x","name":"a","score":1}"#)
            #expect {
                try FastJSONDecoder().decode(Reading.self, from: buffer)
            } throws: { error in
                guard case .typeMismatch(_, let context) = error as? DecodingError else { return false }
                return context.codingPath.map(\.stringValue) == ["id"]
            }
            let malformed = ByteBuffer(string: #"{"id":1,"name":"a" "score":1}"#)
            #expect {
                try FastJSONDecoder().decode(Reading.self, from: malformed)
            } throws: { error in
                guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
                return (context.underlyingError as? FastMapError)?.location?.offset == 19  // the `"score"` out of place
            }
        }

        @Test func encodesIntoTheBufferAfterWhatItHolds() throws {
            let encoder = FastJSONEncoder()
            encoder.outputFormatting = .sortedKeys
            var buffer = ByteBuffer(string: "prefix:")
            let value = Reading(id: 3, name: "c\"d", score: 0.1)
            // Typed: where NIOFoundationCompat is imported too (this module imports it), its
            // `encode(_:into:)`, which returns nothing, is the one an untyped call picks.
            let written: Int = try encoder.encode(value, into: &buffer)
            let expected = try encoder.encode(value)
            #expect(written == expected.count)
            #expect(buffer.readString(length: 7) == "prefix:")
            #expect(buffer.readBytes(length: buffer.readableBytes) == Array(expected))
        }

        @Test func encodingLargerThanTheWritersFirstBufferAppendsEveryByte() throws {
            // Far past the writer's first capacity, so its buffer grew several times before the
            // span over it was written into the ByteBuffer.
            let value = (0..<5_000).map { index in
                Reading(id: index, name: "n\u{e9}\"\(index)/", score: Double(index) / 7)
            }
            let encoder = FastJSONEncoder()
            var buffer = ByteBuffer(string: "[")
            let written: Int = try encoder.encode(value, into: &buffer)
            let expected = try encoder.encode(value)
            #expect(expected.count > 100_000)
            #expect(written == expected.count)
            #expect(buffer.readableBytes == expected.count + 1)
            #expect(buffer.getBytes(at: buffer.readerIndex + 1, length: expected.count) == Array(expected))
        }

        @Test func failedEncodingLeavesTheBufferAlone() {
            var buffer = ByteBuffer(string: "kept")
            #expect(throws: EncodingError.self) { try FastJSONEncoder().encode([Double.nan], into: &buffer) }
            #expect(buffer.readableBytes == 4)
        }
    }

    /// `readings` as JSON text (an array, or one per line), cut into buffers of the given sizes.
    func buffers(_ readings: [Reading], lines: Bool, sizes: [Int]) throws -> [ByteBuffer] {
        let encoder = FastJSONEncoder()
        let text: [UInt8]
        if lines {
            text = try readings.flatMap { Array(try encoder.encode($0)) + [10] }
        } else {
            text = Array(try encoder.encode(readings))
        }
        return chunked(text, sizes: sizes).map { ByteBuffer(bytes: $0) }
    }

    /// The buffers as an async sequence that counts how many were taken.
    struct BufferSequence: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let buffers: [ByteBuffer]
        let taken = TakenCounter()

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffers: buffers[...], taken: taken) }

        struct AsyncIterator: AsyncIteratorProtocol {
            var buffers: ArraySlice<ByteBuffer>
            let taken: TakenCounter
            mutating func next() async -> ByteBuffer? {
                guard let buffer = buffers.popFirst() else { return nil }
                taken.add()
                return buffer
            }
        }
    }

    final class TakenCounter: @unchecked Sendable {
        // Only touched by the one iterating task, one call at a time.
        private(set) var count = 0
        func add() { count += 1 }
    }

    func sampleReadings(_ count: Int) -> [Reading] {
        (0..<count).map { Reading(id: $0, name: "reading \($0)", score: Double($0) / 4) }
    }
#endif
