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
