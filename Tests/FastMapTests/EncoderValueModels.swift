import FastMap
import Foundation

// Model types for the differential encoder suite (each compared byte for byte with
// JSONEncoder): integers, floating point, strings, optionals and collections.

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
    // `encodeIfPresent` of every kind of wrapped type: with spare bits (references, strings,
    // arrays), without (integers, doubles, dates: their optionals carry a tag byte), objects,
    // and optionals of optionals of objects.
    var absentObject: Scalars? = nil
    var presentBool: Bool? = false
    var presentDouble: Double? = 2.5
    var absentDouble: Double? = nil
    var presentArray: [String]? = ["a"]
    var absentArray: [String]? = nil
    var presentDate: Date? = Date(timeIntervalSince1970: 86_400)
    var absentDate: Date? = nil
    var nestedAbsentObject: Scalars?? = .some(nil)
    var nestedPresentObject: Scalars?? = .some(Scalars())
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
