@_spi(FastMapCore) import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Keys that differ in bytes but that Swift calls equal (canonical equivalence: the Kelvin sign
/// U+212A is `K`, U+037E is `;`, U+1FEF is `` ` ``, `e` with a combining acute is `é`) are one
/// key, as in `JSONDecoder`, whose members live in a dictionary keyed by `String`: the first
/// member wins for models, dictionaries, `contains` and `allKeys`, in full and sparse decodes,
/// on every engine.
@Suite("FastJSONDecoder: keys Swift calls equal")
struct EqualKeysTests {
    /// Each pair: a spelling that is not the name's bytes, then the name's bytes (and the
    /// reverse), with the name.
    static let pairs: [(name: String, other: String)] = [
        ("K", "\u{212A}"), (";", "\u{37E}"), ("`", "\u{1FEF}"), ("caf\u{E9}", "cafe\u{301}"),
        ("cafe\u{301}", "caf\u{E9}"), ("\u{212A}", "K"),
    ]

    static let parsers: [JSONParser] = [.simdjson, .yajl, .jansson]
    static let nameKey = CodingUserInfoKey(rawValue: "name")!

    /// `{"<other>":1,"<name>":2}`: the first member, 1; reversed, the name's own bytes first, 2.
    static func document(_ first: String, _ second: String) -> String {
        let encoder = JSONEncoder()
        func quoted(_ key: String) -> String { String(decoding: try! encoder.encode(key), as: UTF8.self) }
        return "{\(quoted(first)):1,\"x\":0,\(quoted(second)):2}"
    }

    @Test func theFirstOfEqualKeysWinsForAModel() throws {
        let kelvinFirst = Data(#"{"\u212A":1,"K":2}"#.utf8)
        #expect(try JSONDecoder().decode(OneKey.self, from: kelvinFirst).K == 1)
        for parser in Self.parsers {
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            #expect(try decoder.decode(OneKey.self, from: kelvinFirst).K == 1, "\(parser)")
        }
        for (name, other) in Self.pairs {
            for json in [Self.document(other, name), Self.document(name, other)] {
                for parser in Self.parsers {
                    let configure: (FastJSONDecoder, JSONDecoder) -> Void = { fast, foundation in
                        fast.parser = parser
                        fast.userInfo[Self.nameKey] = name
                        foundation.userInfo[Self.nameKey] = name
                    }
                    assertSameDecoding(Named.self, json, configure: configure)
                    assertSameDecoding(Presence.self, json, configure: configure)
                    assertSameDecoding([String: Int].self, json, configure: configure)
                }
            }
        }
    }

    /// `allKeys` lists equal keys once (the first spelling), as `JSONDecoder` does.
    @Test func allKeysListsEqualKeysOnce() throws {
        for (name, other) in Self.pairs {
            let data = Data(Self.document(other, name).utf8)
            let foundation = try JSONDecoder().decode(KeyList.self, from: data)
            #expect(foundation.keys.count == 2)
            for parser in Self.parsers {
                let decoder = FastJSONDecoder()
                decoder.parser = parser
                let keys = try decoder.decode(KeyList.self, from: data).keys
                #expect(keys == [other, "x"], "\(parser) \(name)")
                #expect(Set(keys) == Set(foundation.keys))
            }
        }
    }

    /// Through the keyed container's in-order cursor, in objects read one after another (the
    /// cursor is left on one object and asked about the next), and in objects of more than 64
    /// members (the cursor's hashed path).
    @Test func cursorAndHashedLookupsAgree() throws {
        var large = (0..<80).map { "\"m\($0)\":\($0)" }
        large.insert(#""\u212A":1"#, at: 40)
        large.append(#""K":2"#)
        let documents = [
            "[" + Array(repeating: #"{"\u212A":1,"K":2}"#, count: 3).joined(separator: ",") + #",{"K":2}]"#,
            "[{" + large.joined(separator: ",") + "}]",
        ]
        for json in documents {
            for parser in Self.parsers {
                assertSameDecoding([OneKey].self, json, configure: { fast, _ in fast.parser = parser })
                assertSameDecoding([Reversed].self, json, configure: { fast, _ in fast.parser = parser })
            }
        }
    }

    /// Sparse decodes answer as full ones and as `JSONDecoder`, with the other spelling first or
    /// second, after a schema learned from documents of either kind.
    @Test func sparseDecodesAgreeWithFullOnes() throws {
        let documents = [
            #"{"K":0,"a;b":"s","other":[1,2]}"#, #"{"\u212A":14,"other":[],"K":15}"#,
            #"{"K":3,"\u212A":4,"a\u037Eb":"x","a;b":"y","`":5,"\u1FEF":6}"#,
            #"{"a\u037Eb":"first","\u1FEF":7,"a;b":"second","`":8,"\u212A":9,"K":10}"#,
        ]
        for document in documents {
            assertSameDecoding(Spellings.self, document)
        }
        expectSparseMatchesFull(Spellings.self, documents, rounds: 3)
        expectSparseMatchesFull(Spellings.self, documents.reversed(), rounds: 3) { $0.parser = .yajl }
        // A non-ASCII name: the document may spell it in bytes a schema learned elsewhere skips.
        let accented = [#"{"caf\u00e9":1,"n":0}"#, #"{"cafe\u0301":2,"caf\u00e9":3}"#, #"{"n":1,"cafe\u0301":4}"#]
        for document in accented {
            assertSameDecoding(Accented.self, document)
        }
        expectSparseMatchesFull(Accented.self, accented, rounds: 3)
    }

    /// Streamed elements are read from the same cells.
    @Test func streamedElementsAgree() async throws {
        let json = #"[{"\u212A":1,"K":2},{"K":3,"\u212A":4}]"#
        for parser in Self.parsers where parser != .jansson {
            let decoder = FastJSONDecoder()
            decoder.parser = parser
            var values: [Int] = []
            for try await element in decoder.stream(OneKey.self, from: Self.chunks(json)) { values.append(element.K) }
            #expect(values == [1, 3], "\(parser)")
            var lines: [Int] = []
            let ndjson = #"{"\u212A":1,"K":2}"# + "\n" + #"{"K":3,"\u212A":4}"# + "\n"
            for try await element in decoder.lines(OneKey.self, from: Self.chunks(ndjson)) { lines.append(element.K) }
            #expect(lines == [1, 3], "\(parser)")
        }
    }

    static func chunks(_ text: String) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            continuation.yield(Array(text.utf8))
            continuation.finish()
        }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct OneKey: Decodable, Equatable {
        let K: Int
    }

    /// Reads `K` after a member declared later, so the cursor is not on `K`'s object position.
    struct Reversed: Decodable, Equatable {
        var k: Int
        var missing: Int?

        enum CodingKeys: String, CodingKey { case k = "K", missing = "m79" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            missing = try container.decodeIfPresent(Int.self, forKey: .missing)
            k = try container.decode(Int.self, forKey: .k)
        }
    }

    /// `SparseOtherSpellings`'s names, in a type of this suite's own (sparse schemas are learned
    /// per type, once per process).
    struct Spellings: Decodable, Equatable {
        var kelvin: Int?
        var semicolon: String?
        var grave: Int?

        enum CodingKeys: String, CodingKey { case kelvin = "K", semicolon = "a;b", grave = "`" }
    }

    struct Accented: Decodable, Equatable {
        var cafe: Int?
        enum CodingKeys: String, CodingKey { case cafe = "caf\u{E9}" }
    }

    /// The member named by the decoder's `userInfo[nameKey]`.
    struct Named: Decodable, Equatable {
        var value: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            value = try container.decode(Int.self, forKey: AnyKey(decoder))
        }
    }

    /// Whether `contains` finds the name in the decoder's `userInfo[nameKey]`.
    struct Presence: Decodable, Equatable {
        var found: Bool

        init(from decoder: any Decoder) throws {
            found = try decoder.container(keyedBy: AnyKey.self).contains(AnyKey(decoder))
        }
    }

    struct KeyList: Decodable, Equatable {
        var keys: [String]

        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(_ decoder: any Decoder) { stringValue = decoder.userInfo[EqualKeysTests.nameKey] as? String ?? "" }
    }
}
