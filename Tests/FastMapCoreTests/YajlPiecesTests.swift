import Foundation
import Testing

@testable import FastMapCore

/// yajl reads a whole document in pieces of 64 KiB, trailing commas left out between them
/// (fm_parse_yajl): a token across two pieces must read, and fail, exactly as anywhere else.
@Suite("yajl reads a document in pieces")
struct YajlPiecesTests {
    static let piece = 64 << 10

    /// `[`, `pad` spaces, `token`, `]`: `token` starts at byte `pad + 1`.
    static func padded(_ token: String, _ pad: Int) -> [UInt8] {
        [UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: " "), count: pad) + Array(token.utf8)
            + [UInt8(ascii: "]")]
    }

    /// Paddings that put the piece boundary before, inside and after a token of `length` bytes.
    static func paddings(_ length: Int) -> [Int] { [0, 100] + Array((piece - length - 3)...(piece + 1)) }

    static let options = JSON.ReadingOptions(parser: .yajl)

    @Test(arguments: [
        #""ab\u00e9\ud83d\ude00\n\"cd""#, "18446744073709551615", "-12345.678e-9", "100000000000000000000000",
        #""plain text, no escape""#, "true", "null", #"{"k\u00e9y":[1,]}"#,
    ])
    func tokensAcrossPiecesRead(token: String) throws {
        let expected = try JSON(bytes: Self.padded(token, 0), options: Self.options)
        for pad in Self.paddings(token.utf8.count) {
            let json = try JSON(bytes: Self.padded(token, pad), options: Self.options)
            #expect(json == expected, "token \(token) at \(pad + 1)")
            #expect(json[0]?.numberText == expected[0]?.numberText)
        }
    }

    @Test(arguments: [
        #""ab\x""#, #""ab\ud800""#, #""ab\udc00\ud800""#, "tru", "1.e5", "-", "01", #"1,,2"#, #"{"a" 1}"#,
        #""abc"#, "\"a\u{01}b\"", #"{"a":1,}x"#,
    ])
    func errorsAcrossPiecesStayInPlace(token: String) throws {
        let reference = try #require(throws: FastMapError.self) {
            try JSON(bytes: Self.padded(token, 0), options: Self.options)
        }
        let referenceOffset = try #require(reference.location?.offset)
        for pad in Self.paddings(token.utf8.count) {
            let error = try #require(throws: FastMapError.self) {
                try JSON(bytes: Self.padded(token, pad), options: Self.options)
            }
            #expect(error.kind == reference.kind, "\(token) at \(pad + 1): \(error)")
            #expect(error.message == reference.message, "\(token) at \(pad + 1): \(error)")
            #expect(error.location?.offset == referenceOffset + pad, "\(token) at \(pad + 1): \(error)")
        }
    }

    @Test func trailingCommasAcrossPieces() throws {
        // A trailing comma as the last byte of a piece, the first of the next, and between.
        for pad in Self.paddings(4) {
            let text = Self.padded("[1,]", pad)
            #expect(try JSON(bytes: text, options: Self.options) == [[1]], "at \(pad)")
            let strict = JSON.ReadingOptions(parser: .yajl, allowsTrailingCommas: false)
            let error = try #require(throws: FastMapError.self) { try JSON(bytes: text, options: strict) }
            #expect(error.location?.offset == pad + 4, "at \(pad): \(error)")
        }
    }
}
