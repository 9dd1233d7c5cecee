import CFastMap
import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// Every entry point copies the caller's bytes into the document (with simdjson's padding) and
/// never reads past them: each document is placed so that it ends 0 to 130 bytes before a page
/// boundary, inside a buffer full of bytes that would change its meaning if taken for text, and
/// every engine must agree with yajl there; then it ends right before a page mapped `PROT_NONE`,
/// where a read past its end would crash the test.
@Suite struct EngineInPlaceReadTests {
    static let page = 4096
    /// Bytes that would change a document's meaning if simdjson took them for text.
    static let junk = Array(#""\]}[{,:0-e5\"#.utf8)

    /// Places `document` to end `gap` bytes before a page boundary, in a buffer whose other
    /// bytes are junk, and checks that every engine agrees there with yajl (values, texts, errors).
    static func agreesPlaced(_ document: [UInt8], gap: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var buffer = (0..<(3 * page + document.count)).map { junk[$0 % junk.count] }
        let address = buffer.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        // The first page boundary with room for the document and the gap before it.
        let boundary = ((address + document.count + gap) / page + 1) * page - address
        let end = boundary - gap
        let start = end - document.count
        buffer.replaceSubrange(start..<end, with: document)
        let placed = buffer[start..<end]
        #expect(placed.withUnsafeBytes { Int(bitPattern: $0.baseAddress) } == address + start)
        EngineDifferentialTests.expectAgreement(placed, sourceLocation: sourceLocation)
    }

    static let documents: [String] = [
        "[]", "{}", "[1]", "[\"a\"]", "{\"a\":\"b\"}", "[1.5e3,-0,true,false,null]", "{\"k\":[\"x\\\\\",\"\\\"\"]}",
        "[\"\(String(repeating: "long text ", count: 20))\"]", "{\"a\":1", "[1,", "[\"abc", "[1]x", "[1] ",
        "{\"a\":{\"b\":[1,2,{\"c\":\"\\u00e9\"}]}}", "[\"\\ud83d\\ude00\"]", "[12345678901234567890]", "1", "\"a\"",
        "[1,]", "{\"a\":1,}", "",
    ]

    @Test func resultsDoNotDependOnTheBytesAfterTheInput() {
        for text in Self.documents {
            for gap in Array(0...70) + [100, 130, 4000] {
                Self.agreesPlaced(Array(text.utf8), gap: gap)
            }
        }
    }

    static func outcome(_ result: Result<JSON, FastMapError>) -> String {
        switch result {
        case .success(let json): "value \(json)"
        case .failure(let error): "error \(error.kind) \(error.message) \(String(describing: error.location))"
        }
    }

    /// The document ends `gap` bytes before a page no one may read: parsing it (every engine,
    /// strict and with trailing commas, through an unsafe buffer and through `Data` lent without
    /// a copy) must not touch that page.
    @Test func nothingIsReadPastTheEndOfTheInput() throws {
        let size = 2 * Self.page
        guard let region = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            region != MAP_FAILED
        else {
            Issue.record("mmap failed")
            return
        }
        defer { munmap(region, size) }
        #expect(mprotect(region + Self.page, Self.page, PROT_NONE) == 0)
        let long = "[\"" + String(repeating: "\\u00e9 text ", count: 40) + "\", 1.5e300, {\"k\": [true, null]}]"
        for text in Self.documents + [long, String(long.dropLast(9))] {
            let bytes = Array(text.utf8)
            for gap in [0, 1, 2, 7, 31, 63, 64, 65, 130] where bytes.count + gap <= Self.page {
                let start = region + Self.page - gap - bytes.count
                start.copyMemory(from: bytes, byteCount: bytes.count)
                let lent = UnsafeRawBufferPointer(start: start, count: bytes.count)
                for parser in JSONParser.allCases {
                    for trailing in [false, true] {
                        let options = JSON.ReadingOptions(parser: parser, allowsTrailingCommas: trailing)
                        let fromBuffer = Result { () throws(FastMapError) in try JSON(bytes: lent, options: options) }
                        let data = Data(bytesNoCopy: start, count: bytes.count, deallocator: .none)
                        let fromData = Result { () throws(FastMapError) in try JSON(data: data, options: options) }
                        let copied = Result { () throws(FastMapError) in try JSON(bytes: bytes, options: options) }
                        #expect(Self.outcome(fromBuffer) == Self.outcome(copied), "\(text)")
                        #expect(Self.outcome(fromData) == Self.outcome(copied), "\(text)")
                    }
                }
            }
        }
    }
}
