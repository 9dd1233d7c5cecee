import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The streaming tokenizer rejects text after the root however the input is chunked.
@Suite("Tokenizer: text after the root")
struct TokenizerTrailingTextTests {
    static let followed = TrailingTextCases.followed

    @Test func streamingRejectsTheTailInEveryChunking() throws {
        for (text, path, offset) in Self.followed {
            let run = try runEveryChunking(text, mode: .array(path))
            #expect(run.elements.count == 2, "\(text): \(run)")
            if offset < 0 {
                #expect(run.stop == nil, "\(text): \(run)")
            } else {
                let stop = try #require(run.stop, "\(text) was accepted")
                #expect(stop.contains("after the end of the JSON document"), "\(text): \(stop)")
                #expect(stop.contains("(byte \(offset))"), "\(text): \(stop)")
            }
        }
    }

}
