#if NIO
    import FastMapNIO
    import Foundation
    import NIOCore
    import NIOFoundationCompat
    import Testing

    /// NIOFoundationCompat declares `decode(_:from: ByteBuffer)` on `JSONDecoder` and
    /// `encode(_:into:)` on `JSONEncoder`, the same names FastMapNIO gives FastJSONDecoder and
    /// FastJSONEncoder (their subclasses). A file importing both compiles without ambiguity, and
    /// either way the bytes are decoded and encoded by FastMap.
    @Suite struct FoundationCompatCoexistenceTests {
        @Test func decodingABufferWithBothImportedRunsFastMap() throws {
            let decoder = FastJSONDecoder()
            let reading = try decoder.decode(Reading.self, from: ByteBuffer(string: #"{"id":1,"name":"a","score":2}"#))
            #expect(reading == Reading(id: 1, name: "a", score: 2))

            decoder.lossyCoercions = .numbersFromStrings
            let lossy = try decoder.decode(Reading.self, from: ByteBuffer(string: #"{"id":"3","name":"a","score":2}"#))
            #expect(lossy.id == 3)

            let error = try #require(throws: DecodingError.self) {
                _ = try decoder.decode(Reading.self, from: ByteBuffer(string: #"{"id":1,"name":"a" "score":1}"#))
            }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(error)")
                return
            }
            #expect(context.underlyingError is FastMapError)
        }

        @Test func encodingIntoABufferWithBothImportedRunsFastMap() throws {
            let encoder = FastJSONEncoder()
            encoder.outputFormatting = .sortedKeys
            var buffer = ByteBuffer(string: "> ")
            try encoder.encode(Reading(id: 1, name: "a", score: 2), into: &buffer)
            #expect(String(buffer: buffer) == #"> {"id":1,"name":"a","score":2}"#)
        }
    }
#endif
