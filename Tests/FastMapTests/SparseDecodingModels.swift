import FastMap
import Foundation

// Models for the sparse decoding suite, each read differently depending on its input. Each
// suite test uses its own types: schemas are learned per type, process-wide.

/// Reads 2 of a record's 6 keys.
struct SparseRecord: Decodable, Equatable {
    var id: Int
    var name: String
}

/// The values of a `[String: SparseEntry]` (a type of its own: schemas are per type).
struct SparseEntry: Decodable, Equatable {
    var id: Int
    var name: String
}

/// `SparseRecord`'s twin, for a test of its own (schemas are per type).
struct SparseContact: Decodable, Equatable {
    var id: Int
    var name: String
}

struct SparsePoint: Decodable, Equatable {
    var x: Int
    var y: Int
}

/// A "type" tag chooses which members are read.
enum SparseShape: Decodable, Equatable {
    case circle(radius: Double)
    case square(side: Double, label: String?)
    case polygon([SparsePoint])

    enum CodingKeys: String, CodingKey { case type, radius, side, label, points }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "circle": self = .circle(radius: try container.decode(Double.self, forKey: .radius))
        case "square":
            self = .square(
                side: try container.decode(Double.self, forKey: .side),
                label: try container.decodeIfPresent(String.self, forKey: .label))
        default: self = .polygon(try container.decode([SparsePoint].self, forKey: .points))
        }
    }
}

/// `init(from:)` branches on a value, and on `contains`.
struct SparseBranching: Decodable, Equatable {
    var values: [String]

    typealias Key = FastCodingKeyForTests

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let mode = try container.decode(String.self, forKey: Key(stringValue: "mode"))
        if mode == "indirect" {
            // The value names the key to read next: dynamic keys.
            let name = try container.decode(String.self, forKey: Key(stringValue: "target"))
            values = [try container.decode(String.self, forKey: Key(stringValue: name))]
        } else if mode == "all" {
            values = container.allKeys.map(\.stringValue).sorted()
        } else if container.contains(Key(stringValue: "x")) {
            values = [try container.decode(String.self, forKey: Key(stringValue: "x"))]
        } else {
            values = [mode]
        }
    }
}

/// A dictionary, a `JSON` value and a nested array of objects next to plain members.
struct SparseMixed: Decodable, Equatable {
    var name: String
    var tags: [String: Int]?
    var payload: JSON?
    var items: [SparseItem]?
}

struct SparseItem: Decodable, Equatable {
    var id: Int
    var author: SparseAuthor?
    var matrix: [[SparsePoint]]?
}

struct SparseAuthor: Decodable, Equatable {
    var name: String
}

/// `allKeys` of a nested object, and a synthesized enum with associated values (which reads
/// `allKeys` too).
struct SparseBag: Decodable, Equatable {
    var counts: [String: Int]
    var choice: SparseChoice?

    enum CodingKeys: String, CodingKey { case bag, choice }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let bag = try container.nestedContainer(keyedBy: SparseBranching.Key.self, forKey: .bag)
        var counts: [String: Int] = [:]
        for key in bag.allKeys { counts[key.stringValue] = try bag.decode(Int.self, forKey: key) }
        self.counts = counts
        choice = try container.decodeIfPresent(SparseChoice.self, forKey: .choice)
    }
}

enum SparseChoice: Decodable, Equatable {
    case first(x: Int)
    case second(y: String)
}

/// Class inheritance through `superDecoder()`.
class SparseBase: Decodable, Equatable {
    var base: Int
    static func == (a: SparseBase, b: SparseBase) -> Bool { a.base == b.base && a.extra == b.extra }
    var extra: Int { 0 }
}

final class SparseDerived: SparseBase {
    var derived: Int
    override var extra: Int { derived }
    enum CodingKeys: String, CodingKey { case derived }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        derived = try container.decode(Int.self, forKey: .derived)
        try super.init(from: container.superDecoder())
    }
}

/// Values whose reading needs the input's exact text (`Decimal`), and a member read twice as
/// two types (`try?` catching an error inside `init(from:)`).
struct SparseExact: Decodable, Equatable {
    var amount: Decimal
    var id: String

    enum CodingKeys: String, CodingKey { case amount, id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        amount = try container.decode(Decimal.self, forKey: .amount)
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = String(number)
        } else {
            id = try container.decode(String.self, forKey: .id)
        }
    }
}

/// A non-ASCII key, matched by Unicode equivalence as Foundation matches it.
struct SparseAccent: Decodable, Equatable {
    var café: Int
    var plain: Int?
}

/// Keeps its decoder and reads from it after `decode` returned.
struct SparseLater: Decodable, Equatable {
    var id: Int
    var decoder: any Decoder

    enum CodingKeys: String, CodingKey { case id, later }

    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
        self.decoder = decoder
    }

    /// Read from the kept decoder, after the decode call.
    var later: String {
        do {
            return String(try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .later))
        } catch {
            return String(reflecting: error)
        }
    }

    static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.later == b.later }
}

/// Read under `convertFromSnakeCase`.
struct SparseSnake: Decodable, Equatable {
    var userId: Int
    var displayName: String?
}

/// Reads one member for every key length from 0 to 40 bytes (``names``) and nothing else. The
/// documents put, right before each of them, a decoy for every byte of its name: the same name
/// with that one byte changed. A key comparison that misses a byte takes a decoy's value (the
/// in-order lookup meets the decoys first); a sparse filter that misses a kept key loses it.
struct SparseKeyLengths: Decodable, Equatable {
    static let names: [String] = (0...40).map { (length: Int) -> String in
        let bytes = (0..<length).map { (index: Int) -> UInt8 in UInt8(97 + (index * 7 + length) % 26) }
        return String(decoding: bytes, as: UTF8.self)
    }

    var values: [Int]

    init(values: [Int]) { self.values = values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FastCodingKeyForTests.self)
        values = try Self.names.map { try container.decode(Int.self, forKey: FastCodingKeyForTests(stringValue: $0)) }
    }

    /// A document holding every name (its value: its length) after its decoys (value -1), and,
    /// when `shuffled`, the pairs in reverse order so the in-order lookup falls back to a search
    /// (a walk through the members a filtered parse left unhashed, or jansson's hash).
    static func document(shuffled: Bool = false) -> String {
        var members: [[String]] = []
        for name in names {
            let bytes = Array(name.utf8)
            var group: [String] = bytes.indices.map { index in
                var decoy = bytes
                decoy[index] = UInt8(ascii: "Z")
                return "\"\(String(decoding: decoy, as: UTF8.self))\":-1"
            }
            group.append("\"\(name)\":\(bytes.count)")
            members.append(group)
        }
        if shuffled { members.reverse() }
        return "{" + members.joined().joined(separator: ",") + "}"
    }
}

/// Names a document may spell with non-ASCII characters that Swift strings (and so
/// `JSONDecoder`'s member lookup) call equal to them: `K` as KELVIN SIGN (U+212A), `;` as GREEK
/// QUESTION MARK (U+037E), `` ` `` as GREEK VARIA (U+1FEF).
struct SparseOtherSpellings: Decodable, Equatable, Sendable {
    var kelvin: Int
    var semicolon: String?
    var grave: Int?
    var mixed: Int?
    var plain: Int?

    enum CodingKeys: String, CodingKey {
        case kelvin = "K", semicolon = "a;b", grave = "`", mixed = "kK;", plain
    }

    /// Objects spelling the names every way (escaped and as raw UTF-8, in and out of order, both
    /// spellings of one name in one object), each with members nobody reads.
    static let objects = [
        #"{"K":1,"plain":0,"other":{"a":[1,2,3],"b":"text"}}"#,
        #"{"\u212A":2,"a\u037Eb":"x","\u1FEF":3,"k\u212A\u037E":4,"other":[{"c":1}]}"#,
        "{\"plain\":5,\"\u{212A}\":6,\"a\u{37E}b\":\"y\",\"\u{1FEF}\":7,\"k\u{212A};\":8,\"other\":\"z\"}",
        #"{"other":{"K":0},"k\u212A;":9,"\u1FEF":10,"\u212A":11}"#,
        #"{"K":12,"\u212A":13,"other":null}"#, #"{"\u212A":16,"a;b":null,"`":17,"other":{"\u212A":-1}}"#,
    ]

    /// Two spellings of `K`, the byte-for-byte one second: the first one wins, as in
    /// `JSONDecoder`; sparse or not.
    static let spelledOtherwiseFirst = #"{"\u212A":14,"other":[],"K":15}"#

    /// Keys that only look alike: K with a combining accent, the Angstrom sign, a lowercase k.
    static let lookalikes = [
        #"{"K\u0301":1,"other":0}"#, #"{"\u212A\u0301":1}"#, #"{"\u212B":1}"#,
        #"{"k":1,"\u212A":2,"a\u037E\u0301b":"x"}"#,
    ]
}

/// Reads its members in an order no document below has them in, and one optional member most
/// documents lack: the schema it teaches numbers them in that reading order.
struct SparseReadOrder: Decodable, Equatable {
    var zeta: Int
    var alpha: String
    var middle: [Int]
    var absent: Int?

    static let readOrder = ["zeta", "alpha", "middle", "absent"]

    /// The members in other orders, with members nobody reads between them.
    static let documents = [
        #"{"alpha":"a","x":1,"middle":[1,2],"zeta":1}"#, #"{"middle":[],"alpha":"b","zeta":2,"y":{"z":0}}"#,
        #"{"zeta":3,"absent":30,"middle":[3],"alpha":"c"}"#, #"{"absent":null,"alpha":"d","middle":[4],"zeta":4}"#,
    ]
}
