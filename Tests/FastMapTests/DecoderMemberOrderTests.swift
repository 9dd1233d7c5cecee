import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Keyed containers look members up in order first (from where the container's last lookup
/// ended) and by hash otherwise. Whatever order a model reads in and whatever order the
/// document is in, the answers must be JSONDecoder's: these models read in declaration
/// order, backwards, twice, through interleaved nested containers, and skip members.
@Suite("FastJSONDecoder: members read in any order")
struct DecoderMemberOrderTests {
    /// Every permutation of a record's members: the in-order and the out-of-order paths.
    static let recordDocuments: [String] = {
        let members = [#""a":1"#, #""b":"two""#, #""c":[3]"#, #""d":{"e":4}"#, #""x":0"#]
        return permutations(members).map { "{" + $0.joined(separator: ",") + "}" }
    }()

    @Test func declarationOrderOnEveryPermutation() {
        for json in Self.recordDocuments {
            assertSameDecoding(InOrder.self, json)
            assertSameDecoding([InOrder].self, "[\(json),\(json)]")
        }
    }

    @Test func backwardsAndTwice() {
        for json in Self.recordDocuments {
            assertSameDecoding(Backwards.self, json)
            assertSameDecoding(Twice.self, json)
        }
    }

    @Test func interleavedNestedContainers() {
        for json in Self.recordDocuments {
            assertSameDecoding(Interleaved.self, json)
        }
    }

    @Test(arguments: [
        #"{"a":1,"c":[3],"d":{"e":4}}"#,  // b missing
        #"{"a":1,"b":null,"c":[3],"d":{"e":4}}"#,
        #"{"b":"two","a":1}"#,
        #"{}"#,
        #"{"a":"1","b":"two","c":[3],"d":{"e":4}}"#,  // a mistyped: the path names it
        #"{"a":1,"b":"two","c":[3],"d":{"f":4}}"#,  // e missing inside d
        #"{"z":1,"y":2,"x":3,"a":1,"b":"two","c":[3],"d":{"e":4}}"#,  // more than the lookahead first
    ])
    func missingAndMistypedMembers(_ json: String) {
        assertSameDecoding(InOrder.self, json)
        assertSameDecoding(Optionals.self, json)
        assertSameDecoding(Backwards.self, json)
    }

    /// Keys that differ only past a shared prefix or in length, and a non-ASCII key that only
    /// Unicode equivalence matches: the lookahead compares lengths and bytes, never prefixes.
    @Test(arguments: [
        #"{"ab":1,"a":2,"abc":3,"caf\u00e9":4}"#,
        #"{"a":2,"abc":3,"ab":1,"cafe\u0301":4}"#,
        #"{"abc":3,"ab":1,"a":2}"#,
    ])
    func similarKeys(_ json: String) {
        assertSameDecoding(Similar.self, json)
    }

    /// An ASCII name finds a key spelled with the non-ASCII characters Swift calls equal to
    /// it (the Kelvin sign for `K`, and two more), in full trees too, in the documents' orders
    /// (some reverse the declaration's), and `contains` agrees; keys that only look alike stay
    /// missing.
    @Test(arguments: SparseOtherSpellings.objects + SparseOtherSpellings.lookalikes)
    func asciiNamesFindTheirOtherSpellings(_ json: String) throws {
        let full: (FastJSONDecoder, JSONDecoder) -> Void = { fast, _ in fast.sparseDecoding.isEnabled = false }
        assertSameDecoding(Spelled.self, json, configure: full)
        assertSameDecoding(Spelled.self, json, configure: { fast, _ in fast.parser = .jansson })
        let foundation = try JSONDecoder().decode(Spelled.Presence.self, from: Data(json.utf8))
        #expect(try FastJSONDecoder().decode(Spelled.Presence.self, from: Data(json.utf8)) == foundation)
    }

    struct Spelled: Decodable, Equatable {
        var kelvin: Int?
        var semicolon: String?
        var backwards: Int?

        enum CodingKeys: String, CodingKey { case kelvin = "K", semicolon = "a;b", backwards = "kK;" }

        /// Which names `contains` finds.
        struct Presence: Decodable, Equatable {
            var found: [String]

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                found = [CodingKeys.kelvin, .semicolon, .backwards].filter(container.contains).map(\.stringValue)
            }
        }
    }

    struct InOrder: Decodable, Equatable {
        var a: Int
        var b: String
        var c: [Int]
        var d: [String: Int]
    }

    struct Optionals: Decodable, Equatable {
        var a: Int?
        var b: String?
        var c: [Int]?
        var d: [String: Int]?
    }

    struct Backwards: Decodable, Equatable {
        var a: Int
        var b: String
        var d: [String: Int]

        enum CodingKeys: String, CodingKey { case a, b, c, d }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            d = try container.decode([String: Int].self, forKey: .d)
            b = try container.decode(String.self, forKey: .b)
            a = try container.decode(Int.self, forKey: .a)
        }
    }

    struct Twice: Decodable, Equatable {
        var first: Int
        var second: Int
        var name: String

        enum CodingKeys: String, CodingKey { case a, b }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            first = try container.decode(Int.self, forKey: .a)
            name = try container.decode(String.self, forKey: .b)
            second = try container.decode(Int.self, forKey: .a)
        }
    }

    /// Two containers over different objects at the same depth, read turn about.
    struct Interleaved: Decodable, Equatable {
        var a: Int
        var e: Int
        var b: String

        enum Outer: String, CodingKey { case a, b, d }
        enum Inner: String, CodingKey { case e }

        init(from decoder: any Decoder) throws {
            let outer = try decoder.container(keyedBy: Outer.self)
            let inner = try outer.nestedContainer(keyedBy: Inner.self, forKey: .d)
            a = try outer.decode(Int.self, forKey: .a)
            e = try inner.decode(Int.self, forKey: .e)
            b = try outer.decode(String.self, forKey: .b)
        }
    }

    struct Similar: Decodable, Equatable {
        var a: Int
        var ab: Int
        var abc: Int
        var café: Int
    }
}
