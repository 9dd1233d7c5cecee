import Foundation
import Testing

@testable import FastMap

/// `memoryLimit` holds for JSON5 input too: the translated text is parsed under the same limit,
/// and the error points into the JSON5 the caller gave.
@Suite("Safety: memory limit with JSON5")
struct SafetyMemoryLimitJSON5Tests {
    /// `[{},{},…]` with JSON5's comments and a trailing comma: valid JSON5 only. About 1 MB of
    /// text, some 85 MB of tree without a limit: the 1 MB limit stops it within the first 2%,
    /// and the whole text is translated before the parse, so a larger one only costs time.
    static let emptyObjects: [UInt8] =
        Array("// many objects\n[".utf8)
        + SafetyMemoryLimitTests.emptyObjects[1..<(3 * 350_000)] + Array(",]".utf8)

    @Test(arguments: JSONParser.allCases)
    func json5TreeStopsAtTheLimit(parser: JSONParser) throws {
        let options = JSON.ReadingOptions(
            parser: parser, memoryLimit: SafetyMemoryLimitTests.megabyte, allowsJSON5: true)
        let outcome = Result { () throws(FastMapError) in try JSON(bytes: Self.emptyObjects, options: options) }
        guard case .failure(let error) = outcome else {
            Issue.record("the JSON5 tree was built past its memory limit")
            return
        }
        #expect(error.kind == .memoryLimit, "\(error)")
        let offset = try #require(error.location?.offset)
        // A cell per empty object (16 bytes): a megabyte holds about 65,000 of the 350,000.
        #expect(offset > 1_000 && offset < Self.emptyObjects.count / 3, "\(error)")
        // The same text without a limit parses: the limit, not the dialect, stopped it.
        let unlimited = JSON.ReadingOptions(parser: parser, allowsJSON5: true)
        #expect(try JSON(bytes: Array("// c\n[{},{},]".utf8), options: unlimited).array?.count == 2)
    }

    @Test func json5DecoderStopsAtTheLimit() throws {
        let decoder = FastJSONDecoder()
        decoder.allowsJSON5 = true
        decoder.memoryLimit = SafetyMemoryLimitTests.megabyte
        let error: DecodingError
        do {
            _ = try decoder.decode([[String: Int]].self, from: Data(Self.emptyObjects))
            Issue.record("the JSON5 document was decoded past its memory limit")
            return
        } catch let caught as DecodingError {
            error = caught
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect((context.underlyingError as? FastMapError)?.kind == .memoryLimit, "\(error)")
    }
}
