import FastMap
import Foundation

// Model types for the differential encoder suite: every special type, strategy and container
// pattern JSONEncoder handles, each compared byte for byte with JSONEncoder.

struct AllIntegers: Codable, Sendable {
    var int = Int.min
    var int8 = Int8.min
    var int16 = Int16.max
    var int32 = Int32.min
    var int64 = Int64.min
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var int128 = Int128.min
    var uint128 = UInt128.max
}

struct FloatingPoints: Codable, Sendable {
    var tenth = 0.1
    var big = 1e300
    var denormal = Double.leastNonzeroMagnitude
    var negativeZero = -0.0
    var hundred = 100.0
    var sixteen = 1e16
    var small = 1e-7
    var precise = 0.30000000000000004
    var largest = Double.greatestFiniteMagnitude
    var floatTenth: Float = 0.1
    var floatBig: Float = 3.4028235e38
    var floatTiny: Float = .leastNonzeroMagnitude
    var floatInteger: Float = 16_777_216
    var floatNegativeZero: Float = -0.0
    var float16: Float16 = 0.1
}

struct Scalars: Codable, Sendable {
    var yes = true
    var no = false
    var text = "plain"
    var empty = ""
    var number = 42
}

struct Escapes: Codable, Sendable {
    var controls = "\u{0}\u{1}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}\u{1f}"
    var quotes = "\"quoted\" \\ backslash"
    var slashes = "a/b//c</script>"
    var del = "\u{7f}"
    var separators = "\u{2028}\u{2029}"
    var emoji = "😀👩‍👩‍👧‍👦🇫🇷"
    var accents = "é e\u{301} Å K"
    var cjk = "一二三 日本語"
}

struct UnicodeKeys: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (index, key) in [
            "é", "e\u{301}x", "😀", "\u{FF01}", "a/b", "tab\t", "quote\"", "nul\u{0}", "Z", "a", "_", "10", "9",
        ]
        .enumerated() {
            try container.encode(index, forKey: AnyKey(key))
        }
    }
}

struct Optionals: Codable, Sendable {
    var present: Int? = 1
    var absent: Int? = nil
    var absentString: String? = nil
    var presentString: String? = "x"
    var nestedNone: Int?? = .some(nil)
    var nestedSome: Int?? = .some(.some(3))
    var optionalArray: [Int?] = [1, nil, 3]
    var optionalObject: Scalars? = Scalars()
}

struct ExplicitNils: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encodeNil(forKey: AnyKey("keyed"))
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encodeNil()
        try list.encode(Optional<Int>.none)
        try container.encode(Optional<String>.none, forKey: AnyKey("optional"))
        try container.encodeIfPresent(Optional<String>.none, forKey: AnyKey("skipped"))
        try container.encodeIfPresent(Optional<String>.some("kept"), forKey: AnyKey("kept"))
    }
}

struct Collections: Codable, Sendable {
    var ints = [1, 2, 3]
    var strings = ["a", "b/c"]
    var doubles = [0.5, -1e-10, 2]
    var floats: [Float] = [0.1, 0.2]
    var bools = [true, false]
    var nested = [[1], [], [2, 3]]
    var deep = [[["x"]], [[]]]
    var empty: [Int] = []
    var bytes: [UInt8] = [0, 255]
    var set: Set<String> = ["one", "two", "three"]
    var range = 1..<5
    var closed = 2...9
}

struct Dictionaries: Codable, Sendable {
    var byString = ["b": 1, "a": 2, "C": 3, "é": 4]
    var byInt = [3: "three", -1: "minus one", 10: "ten"]
    var nested = ["outer": ["inner": 0.25]]
    var emptyDictionary: [String: Int] = [:]
    var camelKeys = ["someKey": 1, "URLValue": 2]
}

enum Suit: String, Codable, Sendable, CodingKeyRepresentable { case hearts, spades }
enum Rank: Int, Codable, Sendable { case ace = 1, king = 13 }

struct EnumKeyed: Codable, Sendable {
    var bySuit: [Suit: Int] = [.hearts: 1, .spades: 2]
    var suit = Suit.spades
    var rank = Rank.king
}

enum EncodedShape: Codable, Sendable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case point
    case labeled(String, Int)
}

indirect enum Tree: Codable, Sendable {
    case leaf(Int)
    case node(Tree, Tree)
}

struct Box<Value: Codable & Sendable>: Codable, Sendable {
    var value: Value
    var values: [Value]
}

struct RenamedKeys: Codable, Sendable {
    var first = 1
    var second = "two"
    var third = [3]
    enum CodingKeys: String, CodingKey {
        case first = "First Name"
        case second = "with/slash"
        case third = "ünïcödé\"key"
    }
}

struct SnakeCaseEdges: Codable, Sendable {
    var _leading = 1
    var trailing_ = 2
    var a__b = 3
    var URLValue = 4
    var myURLValue = 5
    var oneTwoThree = 6
    var x = 7
    var ABC = 8
    var already_snake = 9
    var numbers2Words3 = 10
    var éclairÉtoile = 11
    var camelCase = ["innerKey": 1]
    var intKeyed = [1: 2]
    var nestedModel = NestedCamel()
}

struct NestedCamel: Codable, Sendable {
    var innerValue = 1
    var deeperValue = ["notConverted": 2]
}

struct Dates: Codable, Sendable {
    var epoch = Date(timeIntervalSince1970: 0)
    var fraction = Date(timeIntervalSince1970: 1.75)
    var past = Date(timeIntervalSince1970: -1e11)
    var future = Date(timeIntervalSince1970: 1e12)
    var optional: Date? = Date(timeIntervalSinceReferenceDate: 123.456)
    var list = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -0.5)]
    var keyed = ["when": Date(timeIntervalSinceReferenceDate: 1e9)]
}

struct Blobs: Codable, Sendable {
    var empty = Data()
    var small = Data([1, 2, 3])
    var slashy = Data([0xFF, 0xFF, 0xFE])
    var optional: Data? = Data("hello".utf8)
    var list = [Data([0]), Data([1, 2])]
}

struct Links: Codable, Sendable {
    var simple = URL(string: "https://example.com/a/b?c=d&e=f#g")!
    var spaces = URL(string: "http://a.b/c%20d")!
    var relative = URL(string: "path/file.json", relativeTo: URL(string: "https://base.org/dir/"))!
    var file = URL(fileURLWithPath: "/tmp/some file.txt")
    var list = [URL(string: "mailto:a@b.c")!]
}

struct Decimals: Codable, Sendable {
    var pi = Decimal(string: "3.14159265358979323846264338327950288")!
    var negative = Decimal(string: "-12.5")!
    var zero = Decimal(0)
    var tiny = Decimal(string: "1e-30")!
    var integer = Decimal(1_234_567)
    var list = [Decimal(string: "0.1")!, Decimal(string: "100")!]
}

struct WideDecimal: Codable, Sendable {
    var huge = Decimal(string: "1e50")!
}

struct NotANumberDecimal: Encodable, Sendable {
    var value = Decimal.nan
}

struct SpecialFloats: Codable, Sendable {
    var nan = Double.nan
    var infinity = Double.infinity
    var negativeInfinity = -Double.infinity
    var floatNaN = Float.nan
    var list = [1.0, .infinity]
}

/// A wrapper that encodes its content through a single-value container.
struct Wrapper<Content: Encodable & Sendable>: Encodable, Sendable {
    var content: Content
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(content)
    }
}

struct EncodesNothing: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {}
}

struct ContainsNothing: Encodable, Sendable {
    var nothing = EncodesNothing()
    var list = [EncodesNothing(), EncodesNothing()]
    var wrapped = Wrapper(content: EncodesNothing())
}

struct EmptyContainers: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        _ = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("object"))
        _ = container.nestedUnkeyedContainer(forKey: AnyKey("array"))
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("nested"))
        _ = list.nestedContainer(keyedBy: AnyKey.self)
        _ = list.nestedUnkeyedContainer()
    }
}

/// Nested containers used one after another (the streaming encoder's common case).
struct NestedContainers: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode("top", forKey: AnyKey("name"))
        var address = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("address"))
        try address.encode("Main St", forKey: AnyKey("street"))
        var lines = address.nestedUnkeyedContainer(forKey: AnyKey("lines"))
        try lines.encode("line 1")
        var extra = lines.nestedContainer(keyedBy: AnyKey.self)
        try extra.encode(true, forKey: AnyKey("flag"))
        try lines.encode("line 2")
        var matrix = lines.nestedUnkeyedContainer()
        try matrix.encode(1.5)
        try address.encode(12, forKey: AnyKey("number"))
        try container.encode([1, 2], forKey: AnyKey("after"))
    }
}

/// Encodes `[x, y]` through an unkeyed container.
struct Point: Encodable, Sendable {
    var x: Double
    var y: Double
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}

class EncodedAnimal: Encodable, @unchecked Sendable {
    var name = "generic"
    var legs = 4
    private enum CodingKeys: String, CodingKey { case name, legs }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(legs, forKey: .legs)
    }
}

/// The classic pattern: the superclass goes under `"super"`.
final class EncodedDog: EncodedAnimal, @unchecked Sendable {
    var breed = "collie"
    private enum CodingKeys: String, CodingKey { case breed }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }
}

/// The superclass under a key of the subclass's choice.
final class EncodedCat: EncodedAnimal, @unchecked Sendable {
    var lives = 9
    private enum CodingKeys: String, CodingKey { case lives, parent }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try super.encode(to: container.superEncoder(forKey: .parent))
        try container.encode(lives, forKey: .lives)
    }
}

/// Subclass and superclass sharing one keyed container.
final class EncodedBird: EncodedAnimal, @unchecked Sendable {
    var wingspan = 0.35
    private enum CodingKeys: String, CodingKey { case wingspan }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(wingspan, forKey: .wingspan)
    }
}

/// `superEncoder()` of unkeyed containers, used at once and left unused.
struct UnkeyedSupers: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(1)
        try EncodedAnimal().encode(to: container.superEncoder())
        try container.encode(2)
        _ = container.superEncoder()
        try container.encode(3)
        var inner = container.superEncoder().singleValueContainer()
        try inner.encode("last")
    }
}

/// `superEncoder()` that nobody encodes into: `{}`.
struct UnusedSupers: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        _ = container.superEncoder()
        _ = container.superEncoder(forKey: AnyKey("other"))
        try container.encode(1, forKey: AnyKey("value"))
    }
}

struct ConditionalAndGeneric: Encodable, Sendable {
    var animal = EncodedDog()
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encodeConditional(animal, forKey: AnyKey("conditional"))
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encodeConditional(animal)
        try list.encode(contentsOf: [1, 2, 3])
    }
}

/// Reads its coding path and `userInfo` while encoding and writes what it saw.
struct PathReporter: Encodable, Sendable {
    static let infoKey = CodingUserInfoKey(rawValue: "fastmap.test")!
    var child: [PathReporterChild] = [PathReporterChild()]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(encoder.codingPath.map(\.stringValue), forKey: AnyKey("encoderPath"))
        try container.encode("\(encoder.userInfo[Self.infoKey] ?? "none")", forKey: AnyKey("info"))
        var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("nested"))
        try nested.encode(nested.codingPath.map(\.stringValue), forKey: AnyKey("path"))
        var list = nested.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encode(list.codingPath.map(\.stringValue))
        try list.encode(list.count)
        try list.encode(child)
    }
}

struct PathReporterChild: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })
    }
}

struct DeepNesting: Encodable, Sendable {
    var depth: Int
    func encode(to encoder: any Encoder) throws {
        if depth == 0 {
            var container = encoder.singleValueContainer()
            try container.encode("bottom")
        } else if depth.isMultiple(of: 2) {
            var container = encoder.unkeyedContainer()
            try container.encode(DeepNesting(depth: depth - 1))
        } else {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(DeepNesting(depth: depth - 1), forKey: AnyKey("d\(depth)"))
        }
    }
}

struct Realistic: Codable, Sendable {
    struct User: Codable, Sendable {
        var id: UInt64
        var screenName: String
        var followers: Int
        var verified: Bool
        var profileURL: URL
        var joined: Date
    }
    var id: Int64 = 505_874_924_095_815_681
    var text = "RT @someone: Check https://t.co/abc — \"quoted\" 🎉\nnew line"
    var user = User(
        id: 1_186_275_104, screenName: "ayuu0123", followers: 1_203, verified: false,
        profileURL: URL(string: "https://pbs.twimg.com/profile_images/1.png")!,
        joined: Date(timeIntervalSince1970: 1_388_534_400))
    var hashtags: [String] = ["swift", "json"]
    var coordinates: [Double]? = nil
    var retweetCount = 12
    var favorited = false
    var ratios = ["click": 0.125, "share": 1e-3]
    var attachment: Data? = Data([0xDE, 0xAD, 0xBE, 0xEF])
}
