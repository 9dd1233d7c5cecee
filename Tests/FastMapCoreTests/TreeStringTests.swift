import Foundation
import Testing

@testable import FastMapCore

/// Strings read from a tree are made without validating their UTF-8 again, but flagged ASCII only
/// when every byte is: a non-ASCII string of more than 15 bytes flagged ASCII would count one
/// UTF-16 unit per byte.
/// Each length from 0 to 80 puts one non-ASCII character at every offset, so it falls in each
/// word of the 32-byte steps, the 8-byte steps and the last (overlapping) word of the scan.
@Suite struct TreeStringTests {
    static let nonASCII = ["é", "日", "😀", "\u{80}"]

    static func read(_ string: String, with parser: JSONParser) throws -> String? {
        var options = JSON.ReadingOptions()
        options.parser = parser
        let text = try JSONEncoder().encode([string])
        return try JSON(bytes: text, options: options)[0]?.string
    }

    @Test(arguments: JSONParser.allCases)
    func oneNonASCIICharacterAtEveryOffsetIsReadAsItself(parser: JSONParser) throws {
        for length in 0...80 {
            for offset in 0...length {
                for character in Self.nonASCII {
                    let string =
                        String(repeating: "a", count: offset) + character
                        + String(repeating: "b", count: length - offset)
                    let read = try #require(try Self.read(string, with: parser))
                    #expect(read.count == length + 1, "\(parser) \(length) \(offset) \(character)")
                    #expect(Array(read.unicodeScalars) == Array(string.unicodeScalars))
                    // Counted from the ASCII flag when it is set: one per byte.
                    #expect(read.utf16.count == string.utf16.count, "\(parser) \(length) \(offset) \(character)")
                }
            }
        }
    }

    @Test(arguments: JSONParser.allCases)
    func asciiStringsOfEveryLengthAreReadAsThemselves(parser: JSONParser) throws {
        for length in 0...80 {
            let string = String((0..<length).map { Character(UnicodeScalar(UInt8(32 + $0 % 95))) })
            let read = try #require(try Self.read(string, with: parser))
            #expect(read == string)
            #expect(read.count == length)
            #expect(read.utf16.count == length)
        }
    }

    /// Keys and written strings lend their UTF-8 in place where they can (`withBorrowedUTF8`):
    /// small and native strings, strings cut from others, bridged and built ones, all give their
    /// exact bytes, as lookup keys too.
    @Test func borrowedUTF8IsTheStringsBytesInEveryRepresentation() throws {
        let long = String(repeating: "kéy_日😀", count: 9)
        var built = "built"
        built += String(repeating: "x", count: 20)
        let strings: [String] = [
            "", "a", "fifteen_bytes__", "sixteen_bytes___", "é", "日本", long, String(long.dropFirst(3)),
            String(long.utf8.dropFirst(5).prefix(12))!, NSString(string: long) as String, built, "\u{0}nul",
        ]
        for string in strings {
            #expect(string.withBorrowedUTF8 { Array($0) } == Array(string.utf8), "\(string)")
            let object = try JSON(bytes: Array(try JSONEncoder().encode([string: 1])))
            #expect(object[string] == JSON(1), "\(string)")
        }
    }
}
