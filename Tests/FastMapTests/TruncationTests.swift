import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// A valid document cut at every byte offset (inside keys, escapes, multi-byte characters,
/// numbers and literals) is an error in every API, never a partial value presented as whole.
@Suite("Hostile input: truncation")
struct TruncationTests {
    /// An object (so no proper prefix is itself a document) reaching every token kind.
    static let document: [UInt8] =
        (Array(#"{"id":12345,"name":"caf\u00e9 \"q\" é中😀\ud83d\ude00","tags":["a","b\n",""],"#.utf8)
            + Array(#""nested":{"x":[1.5,-2e-3,true,false,null],"empty":{},"list":[]},"#.utf8)
            + Array(#""big":18446744073709551615,"neg":-0.0,"s":"\u0000"}"#.utf8))

    @Test(arguments: JSONParser.allCases)
    func parsingEveryPrefixFails(parser: JSONParser) throws {
        #expect(throws: Never.self) { try JSON(bytes: Self.document, options: .init(parser: parser)) }
        for end in 0..<Self.document.count {
            let prefix = Self.document[..<end]
            let error = try #require(throws: FastMapError.self, "cut at \(end)") {
                try JSON(bytes: prefix, options: .init(parser: parser))
            }
            #expect(
                error.kind == FastMapError.Kind.syntax || error.kind == FastMapError.Kind.invalidUnicode,
                "cut at \(end): \(error)")
            let offset = try #require(error.location?.offset, "cut at \(end)")
            #expect(offset <= end, "cut at \(end): \(error)")
        }
    }

    @Test func decodingEveryPrefixFails() throws {
        let decoder = FastJSONDecoder()
        _ = try decoder.decode(AnyValue.self, from: Self.document)
        for end in 0..<Self.document.count {
            let prefix = Array(Self.document[..<end])
            let error = try #require(throws: DecodingError.self, "cut at \(end)") {
                try decoder.decode(AnyValue.self, from: prefix)
            }
            guard case .dataCorrupted = error else {
                Issue.record("cut at \(end): \(error)")
                continue
            }
            #expect(throws: DecodingError.self) { try decoder.decode(AnyValue.self, from: prefix, at: "nested.x") }
        }
    }

    /// An array of records streamed in small chunks: every cut ends the stream with an error
    /// after the elements that were complete.
    @Test func streamingEveryPrefixFails() async throws {
        let array = Array("[".utf8) + Self.document + Array(",".utf8) + Self.document + Array("]".utf8)
        let whole = await Hostile.streamed(AnyValue.self, array, chunkSize: 7)
        #expect(whole.error == nil && whole.elements.count == 2)
        for end in 0..<array.count {
            let cut = await Hostile.streamed(AnyValue.self, Array(array[..<end]), chunkSize: 7)
            #expect(cut.error != nil, "cut at \(end) ended cleanly after \(cut.elements.count) elements")
            let complete = (end >= Self.document.count + 1 ? 1 : 0) + (end >= 2 * Self.document.count + 2 ? 1 : 0)
            #expect(cut.elements.count == complete, "cut at \(end)")
        }
    }

    /// NDJSON cut anywhere: complete lines are delivered, a cut line is a failing element.
    @Test func linesEveryPrefix() async throws {
        let line = Self.document + [0x0A]
        let text = line + line + Self.document
        for end in 0..<text.count {
            let prefix = Array(text[..<end])
            let lastLine = prefix.split(separator: 0x0A, omittingEmptySubsequences: false).last ?? []
            let complete = lastLine.isEmpty || lastLine.elementsEqual(Self.document)
            let result = await Hostile.streamed(AnyValue.self, prefix, lines: true, chunkSize: 5)
            let lines = prefix.split(separator: 0x0A).count
            if complete {
                #expect(result.error == nil && result.elements.count == lines, "cut at \(end)")
            } else {
                #expect(result.error != nil, "cut at \(end) ended cleanly")
                #expect(result.elements.count == lines - 1, "cut at \(end)")
            }
        }
    }

    @Test func filesCutAnywhereFail() throws {
        let array = Array("[".utf8) + Self.document + Array(",".utf8) + Self.document + Array("]".utf8)
        let decoder = FastJSONDecoder()
        for end in stride(from: 0, to: array.count, by: 5) {
            let url = try Hostile.temporaryFile(Array(array[..<end]), name: "truncated")
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(throws: DecodingError.self, "cut at \(end)") {
                try decoder.forEach(AnyValue.self, contentsOf: url) { _ in }
            }
            #expect(throws: (any Error).self, "cut at \(end)") { try JSON(contentsOf: url) }
        }
    }
}
