import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Invalid UTF-8, lone surrogate escapes and NUL through every API.
@Suite("Hostile input: text encoding")
struct HostileEncodingTests {
    /// Malformed sequences: overlong, encoded surrogate, above U+10FFFF, stray continuation,
    /// cut-short sequence, bytes that never occur in UTF-8.
    static let badSequences: [[UInt8]] = [
        [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82],
        [0xF5], [0xFF], [0xC2, 0x41],
    ]

    /// `{"k":["ok","ab<bad>"]}` or the bad bytes in the key, and where they start.
    static func documents(_ bad: [UInt8]) -> [(bytes: [UInt8], offset: Int)] {
        let value = Array(#"{"k":["ok","ab"#.utf8)
        let key = Array(#"{"ab"#.utf8)
        return [
            (value + bad + Array(#""]}"#.utf8), value.count),
            (key + bad + Array(#"":1}"#.utf8), key.count),
        ]
    }

    @Test func invalidUTF8IsRejectedWithItsOffsetEverywhere() async throws {
        for bad in Self.badSequences {
            for (bytes, offset) in Self.documents(bad) {
                let label = "\(bad.map { String($0, radix: 16) }) at \(offset)"
                for parser in JSONParser.allCases {
                    let error = try #require(throws: FastMapError.self, "\(label)") {
                        try JSON(bytes: bytes, options: .init(parser: parser))
                    }
                    // Malformed bytes are a syntax error (kind `invalidUnicode` is for escapes).
                    #expect(error.kind == .syntax, "\(label) \(parser)")
                    #expect(error.location?.offset == offset, "\(label) \(parser): \(error)")
                }
                let decoding = try #require(throws: DecodingError.self) {
                    try FastJSONDecoder().decode(AnyValue.self, from: bytes)
                }
                #expect(Hostile.fastMapError(decoding)?.location?.offset == offset, "\(label)")
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(AnyValue.self, from: Data(bytes)) }

                let array = [UInt8(ascii: "[")] + bytes + [UInt8(ascii: "]")]
                let streamed = await Hostile.streamed(AnyValue.self, array, chunkSize: 3)
                let streamError = try #require(streamed.error.flatMap(Hostile.fastMapError), "\(label)")
                #expect(streamError.kind == .syntax, "\(label)")
                #expect(streamError.location?.offset == offset + 1, "\(label): \(streamError)")
            }
        }
    }

    /// Outside strings, a stray byte is a syntax error reported just past it, where the
    /// lexer gives up.
    @Test(arguments: JSONParser.allCases)
    func strayBytesOutsideStrings(parser: JSONParser) throws {
        for byte: UInt8 in [0x80, 0xC3, 0xFF, 0x00, 0x01] {
            let bytes = Array("[1, ".utf8) + [byte] + Array("]".utf8)
            let error = try #require(throws: FastMapError.self) {
                try JSON(bytes: bytes, options: .init(parser: parser))
            }
            #expect(error.kind == .syntax)
            #expect(error.location?.offset == 5, "\(byte): \(error)")
        }
    }

    /// Lone and mismatched surrogate escapes: FastMap accepts exactly what `JSONDecoder` and
    /// `JSONSerialization` accept, with the same string.
    @Test func loneSurrogatesFollowFoundation() async throws {
        let escapes = [
            #"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\ud800abc"#, #"\udbff\udfff"#, #"\ud800\ud800"#,
            #"\udc00\ud800"#, #"\ud83d\ude00"#, #"\ud83d"#, #"x\ude00"#, #"\uDFFF"#, #"\uD7FF"#, #"\uE000"#,
        ]
        for escape in escapes {
            let document = Data(#"["\#(escape)"]"#.utf8)
            let foundation = try? JSONDecoder().decode([String].self, from: document)
            let serialization = (try? JSONSerialization.jsonObject(with: document)) as? [String]
            #expect(foundation == serialization, "Foundation disagrees with itself on \(escape)")
            let fast = try? FastJSONDecoder().decode([String].self, from: document)
            #expect(
                fast == foundation,
                "\(escape): FastMap \(String(describing: fast)), Foundation \(String(describing: foundation))")
            for parser in JSONParser.allCases {
                let json = try? JSON(data: document, options: .init(parser: parser))
                #expect(json?[0]?.string == foundation?[0], "\(escape) \(parser)")
            }
            let streamed = await Hostile.streamed(String.self, Array(document), chunkSize: 2)
            #expect((streamed.error == nil ? streamed.elements : nil) == foundation, "\(escape) streamed")
        }
    }

    @Test func nulIsPreservedEverywhere() async throws {
        let text = #"{"a\u0000b":"x\u0000y","a":"short","\u0000":["\u0000\u0000"]}"#
        for parser in JSONParser.allCases {
            let json = try JSON(string: text, options: .init(parser: parser))
            #expect(json["a\u{0}b"]?.string == "x\u{0}y")
            #expect(json["a"]?.string == "short")
            #expect(json["\u{0}"]?[0]?.string == "\u{0}\u{0}")
            #expect(json.keys == ["a\u{0}b", "a", "\u{0}"])
            #expect(String(decoding: try json.data(), as: UTF8.self) == text)
            #expect(json["a\u{0}b"]?.string?.utf8.count == 3)
            #expect(json[JSONKeyPath(components: [.key("\u{0}"), .index(0)])]?.string == "\u{0}\u{0}")
        }
        let data = Data(text.utf8)
        struct Model: Codable, Equatable {
            let short: String
            let nul: [String]
            enum CodingKeys: String, CodingKey {
                case short = "a"
                case nul = "\u{0}"
            }
        }
        let model = try FastJSONDecoder().decode(Model.self, from: data)
        #expect(model == (try JSONDecoder().decode(Model.self, from: data)))
        #expect(model.nul == ["\u{0}\u{0}"])
        let map = try FastJSONDecoder().decode([String: AnyValue].self, from: data)
        #expect(map == (try JSONDecoder().decode([String: AnyValue].self, from: data)))
        #expect(Set(map.keys) == ["a\u{0}b", "a", "\u{0}"])
        #expect(try FastJSONDecoder().decode(Model.self, from: FastJSONEncoder().encode(model)) == model)
        // JSONEncoder orders keys by its dictionary unless asked to sort them.
        let fastEncoder = FastJSONEncoder()
        fastEncoder.outputFormatting = .sortedKeys
        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = .sortedKeys
        #expect(try fastEncoder.encode(model) == foundationEncoder.encode(model))
        let lines = Array(#""a\u0000""#.utf8) + [0x0A] + Array(#""\u0000""#.utf8)
        let streamed = await Hostile.streamed(String.self, lines, lines: true, chunkSize: 3)
        #expect(streamed.error == nil && streamed.elements == ["a\u{0}", "\u{0}"])
    }

    /// A raw NUL byte (not the escape) inside a string is a control character: an error at
    /// its offset, as in Foundation.
    @Test(arguments: JSONParser.allCases)
    func rawNulInsideStringsIsAnError(parser: JSONParser) throws {
        let bytes = Array(#"["ab"#.utf8) + [0x00] + Array(#"c"]"#.utf8)
        let error = try #require(throws: FastMapError.self) { try JSON(bytes: bytes, options: .init(parser: parser)) }
        #expect(error.location?.offset == 4, "\(error)")
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(bytes)) }
    }
}
