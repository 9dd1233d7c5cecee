import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// How a failed yajl parse is classified. The C side tells "the input ended inside the
/// document", "text after the document" and "a malformed last token" apart by where yajl
/// fails (see `fm_yajl_finish` and the builder's `root_complete`), never by yajl's message.
/// These inputs sit on the boundaries: each class has a case whose failure happens at the very
/// end of the input (where the three meet), and a token after the root that yajl's lexer itself
/// rejects still counts as text after the document.
@Suite struct ParseFailureClassificationTests {
    struct Case: CustomStringConvertible, Sendable {
        let input: String
        let message: String
        let location: String
        var description: String { input.debugDescription }
    }

    static let truncated = "unexpected end of input: the document is truncated"
    static let empty = "unexpected end of input: the input holds no JSON value"
    static let trailing = "unexpected text after the end of the JSON document"
    static let badEscape = "invalid escape sequence in a string"
    static let badHex = "expected four hexadecimal digits after \\u in a string"
    static let noExponentDigit = "malformed number: expected a digit after the exponent"

    static let documentCases: [Case] = [
        Case(input: "[", message: truncated, location: "line 1, column 2 (byte 1)"),
        Case(input: "[1,", message: truncated, location: "line 1, column 4 (byte 3)"),
        Case(input: "{\"a\":[1,{\"b\":\"c", message: truncated, location: "line 1, column 16 (byte 15)"),
        Case(input: "\n\n  ", message: empty, location: "line 3, column 3 (byte 4)"),
        // The input ends in a token the closing space breaks: a lexical error, not a truncation.
        Case(input: "[\"abc\\", message: badEscape, location: "line 1, column 7 (byte 6)"),
        Case(input: "\"\\u12", message: badHex, location: "line 1, column 6 (byte 5)"),
        Case(input: "1.5e", message: noExponentDigit, location: "line 1, column 5 (byte 4)"),
        Case(
            input: "tru", message: "invalid string", location: "line 1, column 4 (byte 3)"),
        // After the root, even a byte yajl's lexer rejects is text after the document.
        Case(input: "[] @", message: trailing, location: "line 1, column 4 (byte 3)"),
        Case(input: "1 @", message: trailing, location: "line 1, column 3 (byte 2)"),
        Case(input: "[]]", message: trailing, location: "line 1, column 3 (byte 2)"),
        Case(input: "[1,2]\n\n x", message: trailing, location: "line 3, column 2 (byte 8)"),
        Case(input: "\"a\" \"b", message: trailing, location: "line 1, column 5 (byte 4)"),
    ]

    @Test(arguments: documentCases)
    func wholeDocumentParsesClassifyAlike(_ test: Case) {
        for parser in JSONParser.allCases {
            for allowsTrailingCommas in [false, true] {
                let options = JSON.ReadingOptions(parser: parser, allowsTrailingCommas: allowsTrailingCommas)
                do {
                    let json = try JSON(data: Data(test.input.utf8), options: options)
                    Issue.record("\(parser): parsed as \(json)")
                } catch {
                    #expect(error.kind == .syntax, "\(parser)")
                    #expect(error.message == test.message, "\(parser)")
                    #expect(error.location?.description == test.location, "\(parser)")
                }
            }
        }
    }

    static let streamCases: [(input: String, stop: String)] = [
        ("[", "syntax $ \(truncated) (after 0 elements) (line 1, column 2 (byte 1)) after 0"),
        ("[1,", "syntax $ \(truncated) (after 1 elements) (line 1, column 4 (byte 3)) after 1"),
        (
            "[1,-",
            "syntax $ malformed number: expected a digit after the minus sign (line 1, column 5 (byte 4)) after 1"
        ),
        ("[\"abc\\", "syntax $ \(badEscape) (line 1, column 7 (byte 6)) after 0"),
        ("[] @", "syntax $ \(trailing) (line 1, column 4 (byte 3)) after 0"),
        ("[]]", "syntax $ \(trailing) (line 1, column 3 (byte 2)) after 0"),
        ("[1,2]\n\n x", "syntax $ \(trailing) (line 3, column 2 (byte 8)) after 2"),
    ]

    @Test func streamsClassifyAlikeInEveryChunking() throws {
        for test in Self.streamCases {
            let run = try runEveryChunking(test.input)
            #expect(run.stop == test.stop, "\(test.input.debugDescription)")
        }
    }
}
