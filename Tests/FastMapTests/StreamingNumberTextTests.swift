import Foundation
import Testing

@testable import FastMap

/// Found by a 10-minute FuzzStream run (Fuzz/RESULTS.md): a streamed element is decoded from its
/// tree alone, without the input text the whole-document decoder reads exceptional reals from
/// (more than 15 significant digits), so such a real read as an integer or a `Decimal` goes
/// through its double. Recorded as a known issue until the streaming builder keeps that text;
/// the test fails (and must be turned into a plain expectation) once it does.
@Suite("Streaming: exceptional number text")
struct StreamingNumberTextTests {
    static func streamed<T: Decodable>(_ type: T.Type, _ text: String) throws -> [T] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fastmap-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var elements: [T] = []
        try FastJSONDecoder().forEach(type, contentsOf: url) { elements.append($0) }
        return elements
    }

    @Test func integersWrittenWithManyDigitsAndAFraction() throws {
        let text = "[92333720368547758.07, 1.5e3]"
        let whole = try FastJSONDecoder().decode([Int].self, from: Data(text.utf8))
        #expect(whole == (try JSONDecoder().decode([Int].self, from: Data(text.utf8))))
        let streamed = try Self.streamed(Int.self, text)
        #expect(streamed.last == whole.last)
        withKnownIssue("streamed elements have no input text for reals past 15 significant digits") {
            #expect(streamed == whole)
        }
    }

    @Test func decimalsWrittenWithManyDigits() throws {
        let text = "[0.30000000000000001, 19.99]"
        let whole = try FastJSONDecoder().decode([Decimal].self, from: Data(text.utf8))
        #expect(whole == (try JSONDecoder().decode([Decimal].self, from: Data(text.utf8))))
        let streamed = try Self.streamed(Decimal.self, text)
        #expect(streamed.last == whole.last)
        withKnownIssue("streamed elements have no input text for reals past 15 significant digits") {
            #expect(streamed == whole)
        }
    }
}
