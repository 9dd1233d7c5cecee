import CFastMap
import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// The simdjson engine reads a document in place, without a padded copy, when the 64 bytes
/// simdjson may read past its end lie in the page of its last byte. Whatever those bytes hold
/// (here: quotes, backslashes, brackets, digits) the result must be the one the copy gives:
/// each document is placed so that it ends 0 to 130 bytes before a page boundary, inside a
/// buffer full of such bytes, and compared with the yajl engine.
@Suite struct EngineInPlaceReadTests {
    static let page = 4096
    /// Bytes that would change a document's meaning if simdjson took them for text.
    static let junk = Array(#""\]}[{,:0-e5\"#.utf8)

    /// Places `document` to end `gap` bytes before a page boundary, in a buffer whose other
    /// bytes are junk, checks that every engine agrees there with yajl (trees, texts, errors),
    /// and returns whether the simdjson walk read it in place.
    static func agreesPlaced(
        _ document: [UInt8], gap: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        var buffer = (0..<(3 * page + document.count)).map { junk[$0 % junk.count] }
        let address = buffer.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        // The first page boundary with room for the document and the gap before it.
        let boundary = ((address + document.count + gap) / page + 1) * page - address
        let end = boundary - gap
        let start = end - document.count
        buffer.replaceSubrange(start..<end, with: document)
        let placed = buffer[start..<end]
        #expect(placed.withUnsafeBytes { Int(bitPattern: $0.baseAddress) } == address + start)
        let before = fm_test_simdjson_in_place_documents()
        EngineDifferentialTests.expectAgreement(placed, sourceLocation: sourceLocation)
        return fm_test_simdjson_in_place_documents() > before
    }

    static let documents: [String] = [
        "[]", "{}", "[1]", "[\"a\"]", "{\"a\":\"b\"}", "[1.5e3,-0,true,false,null]", "{\"k\":[\"x\\\\\",\"\\\"\"]}",
        "[\"\(String(repeating: "long text ", count: 20))\"]", "{\"a\":1", "[1,", "[\"abc", "[1]x", "[1] ",
        "{\"a\":{\"b\":[1,2,{\"c\":\"\\u00e9\"}]}}", "[\"\\ud83d\\ude00\"]", "[12345678901234567890]",
    ]

    @Test func resultsDoNotDependOnTheBytesAfterTheInput() {
        var inPlaceCount = 0
        for text in Self.documents {
            for gap in Array(0...70) + [100, 130, 4000] {
                let inPlace = Self.agreesPlaced(Array(text.utf8), gap: gap)
                if inPlace { inPlaceCount += 1 }
                // In place exactly when the 64 bytes after the input are in its page (scalars
                // and empty text never reach the walk).
                if fm_test_simdjson_reads_in_place() == 0 || text.first.map({ !"[{".contains($0) }) ?? true {
                    #expect(!inPlace)
                } else {
                    #expect(inPlace == (gap >= 64), "\(text), \(gap) bytes before a page boundary")
                }
            }
        }
        if fm_test_simdjson_reads_in_place() != 0 { #expect(inPlaceCount > 0) }
    }
}
