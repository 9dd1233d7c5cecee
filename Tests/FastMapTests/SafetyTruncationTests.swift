import FastMap
import FastMapTestSupport
import Foundation
import Testing

@testable import FastMapCore

/// Issue #15, items 6 and 4: a document cut short says that the input ended, at the end of the
/// input, in every API; text after the document (even an unterminated string) is rejected by
/// streaming exactly as by whole-document parsing.
@Suite("Safety: truncated documents and text after the root")
struct SafetyTruncationTests {
    /// Cut documents and the offset where the input ends.
    static let truncated: [String] = [
        "[1, 2", "[1, 2  ", "[1,", #"{"a":"#, #"{"a""#, "[[1,2]", "[", #"{"a":[1,{"b":2}"#,
    ]

    @Test(arguments: JSONParser.allCases)
    func parsingReportsTheEndOfInput(parser: JSONParser) throws {
        for text in Self.truncated {
            for usesArena in [true, false] {
                let error = try #require(throws: FastMapError.self, "\(text)") {
                    try JSON(string: text, options: .init(parser: parser, usesArena: usesArena))
                }
                #expect(error.kind == .syntax, "\(text)")
                #expect(error.message == "unexpected end of input: the document is truncated", "\(text): \(error)")
                #expect(error.location?.offset == text.utf8.count, "\(text): \(error)")
                #expect(error.location?.column == text.utf8.count + 1, "\(text): \(error)")
                #expect(!error.message.contains("trailing garbage"), "\(text): \(error)")
            }
        }
        // Pretty-printed input is compacted first; the offset is still the original end.
        let spaced = "[\n  1,\n  2"
        let error = try #require(throws: FastMapError.self) { try JSON(string: spaced, options: .init(parser: parser)) }
        #expect(error.location == FastMapError.SourceLocation(line: 3, column: 4, offset: spaced.utf8.count))
        let blank = try #require(throws: FastMapError.self) {
            try JSON(string: "  \n ", options: .init(parser: parser))
        }
        #expect(blank.message == "unexpected end of input: the input holds no JSON value")
    }

    @Test func decodingReportsTheEndOfInput() throws {
        let decoder = FastJSONDecoder()
        for text in Self.truncated {
            let error = try #require(throws: DecodingError.self, "\(text)") {
                try decoder.decode(AnyValue.self, from: Array(text.utf8))
            }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(text): \(error)")
                continue
            }
            let underlying = try #require(context.underlyingError as? FastMapError)
            #expect(underlying.message.contains("end of input"), "\(text): \(underlying)")
            #expect(underlying.location?.offset == text.utf8.count, "\(text): \(underlying)")
        }
    }

    @Test func streamingReportsTheEndOfInput() async throws {
        let decoder = FastJSONDecoder()
        let result = await collect(decoder.stream(Int.self, from: CountingChunks(chunks: [Array("[1, 2".utf8)])))
        #expect(result.values == [1, 2])
        let error = try #require(result.error)
        let underlying = try #require(Hostile.fastMapError(error))
        #expect(underlying.message.contains("end of input"))
        #expect(underlying.location?.offset == 5)
    }

    static let followed = TrailingTextCases.followed

    @Test func wholeDocumentParsingRejectsTheTail() throws {
        for (text, _, offset) in Self.followed {
            for parser in JSONParser.allCases {
                if offset < 0 {
                    #expect(throws: Never.self) { try JSON(string: text, options: .init(parser: parser)) }
                    continue
                }
                let error = try #require(throws: FastMapError.self, "\(text)") {
                    try JSON(string: text, options: .init(parser: parser))
                }
                #expect(error.location?.offset == offset, "\(text): \(error)")
                #expect(error.message == "unexpected text after the end of the JSON document", "\(text): \(error)")
            }
        }
    }

    @Test func streamAndForEachRejectTheTail() async throws {
        let decoder = FastJSONDecoder()
        for (text, path, offset) in Self.followed where offset >= 0 {
            let bytes = Array(text.utf8)
            let streamed = await collect(
                decoder.stream(Int.self, inArrayAt: path, from: CountingChunks(chunks: [bytes])))
            #expect(streamed.values == [1, 2], "\(text)")
            guard let error = streamed.error else {
                Issue.record("\(text) was accepted by stream")
                continue
            }
            #expect(Hostile.fastMapError(error)?.location?.offset == offset, "\(text): \(error)")
            let file = try TemporaryFile(contents: bytes)
            defer { file.remove() }
            var seen: [Int] = []
            let thrown = try #require(throws: (any Error).self, "\(text) was accepted by forEach") {
                try decoder.forEach(Int.self, inArrayAt: path, contentsOf: file.url) { seen.append($0) }
            }
            #expect(seen == [1, 2], "\(text)")
            #expect(Hostile.fastMapError(thrown)?.location?.offset == offset, "\(text): \(thrown)")
            let whole = try #require(throws: DecodingError.self) { try decoder.decode(AnyValue.self, from: bytes) }
            guard case .dataCorrupted = whole else {
                Issue.record("\(text): \(whole)")
                continue
            }
        }
    }
}
