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

    /// Parses `document` placed to end `gap` bytes before a page boundary, in a buffer whose
    /// other bytes are junk; returns the result with both engines, and whether the simdjson
    /// parse was read in place.
    static func parsePlaced(
        _ document: [UInt8], gap: Int
    ) -> (yajl: Result<JSON, FastMapError>, simdjson: Result<JSON, FastMapError>, inPlace: Bool) {
        var buffer = (0..<(3 * page + document.count)).map { junk[$0 % junk.count] }
        let address = buffer.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        // The first page boundary with room for the document and the gap before it.
        let boundary = ((address + document.count + gap) / page + 1) * page - address
        let end = boundary - gap
        let start = end - document.count
        buffer.replaceSubrange(start..<end, with: document)
        let placed = buffer[start..<end]
        #expect(placed.withUnsafeBytes { Int(bitPattern: $0.baseAddress) } == address + start)
        func parse(_ parser: JSONParser) -> Result<JSON, FastMapError> {
            Result { () throws(FastMapError) -> JSON in try JSON(bytes: placed, options: .init(parser: parser)) }
        }
        let before = fm_test_simdjson_in_place_documents()
        let simdjson = parse(.simdjson)
        let inPlace = fm_test_simdjson_in_place_documents() > before
        return (parse(.yajl), simdjson, inPlace)
    }

    static let documents: [String] = [
        "[]", "{}", "[1]", "[\"a\"]", "{\"a\":\"b\"}", "[1.5e3,-0,true,false,null]", "{\"k\":[\"x\\\\\",\"\\\"\"]}",
        "[\"\(String(repeating: "long text ", count: 20))\"]", "{\"a\":1", "[1,", "[\"abc", "[1]x", "[1] ",
        "{\"a\":{\"b\":[1,2,{\"c\":\"\\u00e9\"}]}}", "[\"\\ud83d\\ude00\"]", "[12345678901234567890]",
    ]

    @Test func resultsDoNotDependOnTheBytesAfterTheInput() {
        var inPlaceCount = 0
        for text in Self.documents {
            let document = Array(text.utf8)
            for gap in Array(0...70) + [100, 130, 4000] {
                let (yajl, simdjson, inPlace) = Self.parsePlaced(document, gap: gap)
                if inPlace { inPlaceCount += 1 }
                switch (yajl, simdjson) {
                case (.success(let a), .success(let b)):
                    #expect(a == b, "\(text) ending \(gap) bytes before a page boundary")
                case (.failure(let a), .failure(let b)):
                    #expect(
                        a.kind == b.kind && a.message == b.message && a.location == b.location,
                        "\(text) ending \(gap) bytes before a page boundary: \(a) vs \(b)")
                default:
                    Issue.record("\(text) ending \(gap) bytes before a page boundary: \(yajl) vs \(simdjson)")
                }
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
