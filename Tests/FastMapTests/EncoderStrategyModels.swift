import FastMap
import Foundation

// Model types for the differential encoder suite (each compared byte for byte with
// JSONEncoder): dictionaries, enums, key, date and data strategies, decimals.

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

/// Dates `.iso8601` writes without Foundation's formatter (whole seconds, years 1600 through
/// 9999) and around those bounds.
struct CalendarEdges: Codable, Sendable {
    static func utc(_ text: String) -> Date { try! Date.ISO8601FormatStyle().parse(text) }

    var epoch = Date(timeIntervalSince1970: 0)
    var lastSecondBefore = Date(timeIntervalSince1970: -1)
    var leapDay = utc("2000-02-29T12:00:00Z")
    var notLeap = utc("2100-03-01T00:00:00Z")
    var earliest = utc("1600-01-01T00:00:00Z")
    var beforeEarliest = utc("1599-12-31T23:59:59Z")
    var julianTimes = utc("1500-06-15T08:30:00Z")
    var latest = utc("9999-12-31T23:59:59Z")
    var afterLatest = Date(timeIntervalSince1970: 253_402_300_800)
    var almostWhole = Date(timeIntervalSince1970: 1_717_000_000.999_9)
    var justAfterWhole = Date(timeIntervalSince1970: 1_717_000_000.000_1)
    var negativeFraction = Date(timeIntervalSince1970: -0.25)
    var list = [Date(timeIntervalSince1970: 1_717_000_000), Date(timeIntervalSince1970: 4_102_444_799)]
}

let isoDates = EncoderSetup(dateStrategy: .iso8601)

/// UUIDs, which the encoders write without Foundation's formatter.
struct Identifiers: Codable, Sendable {
    var id = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!
    var zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var counting = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    var missing: UUID? = nil
    var present: UUID? = UUID(uuid: (255, 254, 253, 252, 251, 250, 249, 248, 247, 246, 245, 244, 243, 242, 241, 240))
    var list = [UUID(uuid: (16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 0))]
    var byName = ["a": UUID(uuid: (9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9))]
}

/// `value` and one `element` written after a nested container moved on, so that the tree
/// encoder writes them (UUIDs, ISO 8601 dates).
struct WrittenOutOfOrder<Value: Encodable & Sendable, Element: Encodable & Sendable>: Encodable, Sendable {
    var value: Value
    var element: Element

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var first = container.nestedUnkeyedContainer(forKey: AnyKey("first"))
        try container.encode(value, forKey: AnyKey("value"))
        try first.encode(element)
    }
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
