@_spi(FastMapCore) import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

/// The byte writer's strings (the C scanner finding the escapes) against `JSONEncoder`'s
/// escaping, with and without `.withoutEscapingSlashes`.
@Suite struct StringWriterTests {
    static func written(_ string: String, escapeSlashes: Bool) -> String {
        var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: escapeSlashes, keyOrder: .stored)
        writer.writeString(string)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func expected(_ string: String, escapeSlashes: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = escapeSlashes ? [] : [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(string), as: UTF8.self)
    }

    /// Every ASCII character, DEL, and multi-byte characters (whose bytes are all 0x80 and up).
    static let alphabet: [String] =
        (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "日本", "😀", "\u{2028}", "\u{7f}", "\u{80}"]

    @Test func everyCharacterAtEveryOffsetMatchesJSONEncoder() throws {
        // Each character after 0 to 40 clean bytes, so it falls in every lane of the 16- and
        // 8-byte scans and in the byte-by-byte tail, with clean text after it too.
        for character in Self.alphabet {
            for offset in 0...40 {
                let string =
                    String(repeating: "a", count: offset) + character + String(repeating: "b", count: offset % 7)
                for escapeSlashes in [true, false] {
                    #expect(
                        Self.written(string, escapeSlashes: escapeSlashes)
                            == (try Self.expected(string, escapeSlashes: escapeSlashes)),
                        "\(Array(string.utf8)) slashes \(escapeSlashes)")
                }
            }
        }
    }

    @Test func randomStringsMatchJSONEncoder() throws {
        var random = SeededGenerator(seed: 0x5C_0001)
        for _ in 0..<3000 {
            let length = Int(random.next() % 90)
            // Mostly clean text with a sprinkling of characters that need escapes.
            let string = (0..<length).map { _ -> String in
                random.next() % 6 == 0
                    ? Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] : "x"
            }.joined()
            for escapeSlashes in [true, false] {
                #expect(
                    Self.written(string, escapeSlashes: escapeSlashes)
                        == (try Self.expected(string, escapeSlashes: escapeSlashes)))
            }
        }
    }

    @Test func stringsAroundTheInPlaceLimitMatchJSONEncoder() throws {
        // A string is escaped 512 bytes a call, each into room for six bytes a byte (a control
        // character's `\u00XX`, the worst case). Longer strings are cut into such pieces, for
        // `é` inside its UTF-8 sequences.
        for length in [1, 2, 511, 512, 513, 1030] {
            for filler in ["\u{1}", "/", "x", "\"", "é"] {
                let string = String(repeating: filler, count: length)
                for escapeSlashes in [true, false] {
                    #expect(
                        Self.written(string, escapeSlashes: escapeSlashes)
                            == (try Self.expected(string, escapeSlashes: escapeSlashes)),
                        "\(length) × \(Array(filler.utf8)), slashes \(escapeSlashes)")
                }
            }
        }
    }

    @Test func emptyAndLongCleanStringsAreCopiedWhole() throws {
        #expect(Self.written("", escapeSlashes: true) == "\"\"")
        let long = String(repeating: "abcdefghijklmnopqrstuvwxyzé日本😀", count: 400)
        #expect(Self.written(long, escapeSlashes: true) == "\"\(long)\"")
        let slashes = String(repeating: "a/b", count: 300)
        #expect(Self.written(slashes, escapeSlashes: true) == (try Self.expected(slashes, escapeSlashes: true)))
        #expect(Self.written(slashes, escapeSlashes: false) == "\"\(slashes)\"")
    }
}
