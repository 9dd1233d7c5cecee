import FastMap
import Foundation

// Models shared by the decoder suites. Each exercises a different part of Codable: synthesized
// keyed containers, every scalar width, nested and unkeyed containers, superDecoder, special
// Foundation types and key strategies.

struct Simple: Codable, Equatable {
    var name: String
    var count: Int
    var ratio: Double
    var flag: Bool
    var note: String?
}

struct Outer: Codable, Equatable {
    var id: Int
    var child: Simple
    var list: [Simple]
    var tags: [String]?
}

/// Four levels of nesting through objects, arrays and dictionaries.
struct Deep: Codable, Equatable {
    struct Level1: Codable, Equatable { var b: [Level2] }
    struct Level2: Codable, Equatable { var c: [String: Level3] }
    struct Level3: Codable, Equatable { var d: [Int] }
    var a: Level1
}

struct Integers: Codable, Equatable {
    var i: Int
    var i8: Int8
    var i16: Int16
    var i32: Int32
    var i64: Int64
    var u: UInt
    var u8: UInt8
    var u16: UInt16
    var u32: UInt32
    var u64: UInt64
}

struct Floats: Codable, Equatable {
    var d: Double
    var f: Float
}

struct OptionalScalars: Codable, Equatable {
    var i: Int?
    var d: Double?
    var s: String?
    var b: Bool?
    var u8: UInt8?
    var f: Float?
    var nested: Simple?
    var list: [Int?]?
}

struct Specials: Codable, Equatable {
    var date: Date
    var data: Data
    var url: URL
    var decimal: Decimal
}

struct Dated: Codable, Equatable {
    var when: Date
    var dates: [Date]
}

struct SnakeModel: Codable, Equatable {
    var fooBar: Int
    var _leadingUnderscore: Int
    var trailingUnderscore_: Int
    var aB: Int
    var urlValue: Int
    var plain: Int
}

struct Keyed: Codable, Equatable {
    var byName: [String: Int]
    var byNumber: [Int: String]
}

/// A hand-written decoder using nested keyed and unkeyed containers and `decodeNil`.
struct Handwritten: Decodable, Equatable {
    var title: String
    var x: Double
    var y: Double
    var values: [Int]
    var missing: Bool

    enum CodingKeys: String, CodingKey { case title, position, values, extra }
    enum PositionKeys: String, CodingKey { case x, y }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        let position = try container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
        x = try position.decode(Double.self, forKey: .x)
        y = try position.decode(Double.self, forKey: .y)
        var list = try container.nestedUnkeyedContainer(forKey: .values)
        var values: [Int] = []
        while !list.isAtEnd {
            if try list.decodeNil() { continue }
            values.append(try list.decode(Int.self))
        }
        self.values = values
        missing = !container.contains(.extra)
    }
}

/// A tuple-like payload `[name, age, [scores]]` read with unkeyed containers, reading one
/// element too many when `strict`.
struct Row: Decodable, Equatable {
    var name: String
    var age: Int
    var scores: [Double]

    init(from decoder: any Decoder) throws {
        var row = try decoder.unkeyedContainer()
        name = try row.decode(String.self)
        age = try row.decode(Int.self)
        var nested = try row.nestedUnkeyedContainer()
        scores = []
        while !nested.isAtEnd { scores.append(try nested.decode(Double.self)) }
        if row.count == 4 {
            _ = try row.decode(Bool.self)
            _ = try row.decode(Bool.self)
        }
    }
}

/// Class hierarchy decoding through `superDecoder()` and `superDecoder(forKey:)`.
class DecodedAnimal: Decodable, Equatable {
    var legs: Int
    enum CodingKeys: String, CodingKey { case legs }
    required init(from decoder: any Decoder) throws {
        legs = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .legs)
    }
    static func == (lhs: DecodedAnimal, rhs: DecodedAnimal) -> Bool { lhs.isEqual(to: rhs) }
    func isEqual(to other: DecodedAnimal) -> Bool { legs == other.legs }
}

final class DecodedDog: DecodedAnimal {
    var name: String
    var base: Int?
    enum DogKeys: String, CodingKey { case name, parent }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DogKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let parentDecoder = try container.superDecoder(forKey: .parent)
        base = try parentDecoder.singleValueContainer().decode(Int?.self)
        try super.init(from: container.superDecoder())
    }
    override func isEqual(to other: DecodedAnimal) -> Bool {
        guard let other = other as? DecodedDog else { return false }
        return legs == other.legs && name == other.name && base == other.base
    }
}

/// `superDecoder()` of an unkeyed container.
struct Pair: Decodable, Equatable {
    var first: Int
    var second: String
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        first = try container.superDecoder().singleValueContainer().decode(Int.self)
        second = try container.decode(String.self)
    }
}

/// A single value wrapper.
struct Meters: Codable, Equatable {
    var value: Double
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// An enum with associated values (Swift's synthesized nested-container format).
enum DecodedShape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case empty
}

enum Color: String, Codable, Equatable { case red, green, blue }
enum Level: Int, Codable, Equatable { case low = 1, high = 2 }

/// Every JSON value, decoded through the generic Codable surface only (as any model would).
indirect enum AnyValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([AnyValue])
    case object([String: AnyValue])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let value = try? single.decode([AnyValue].self) {
            self = .array(value)
        } else {
            self = .object(try single.decode([String: AnyValue].self))
        }
    }

    /// A description with object members in key order: `Dictionary`'s own order differs from
    /// one instance to the next, so two equal values may describe themselves differently.
    var canonicalDescription: String {
        switch self {
        case .array(let elements): "[\(elements.map(\.canonicalDescription).joined(separator: ","))]"
        case .object(let members):
            "{\(members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value.canonicalDescription)" }.joined(separator: ","))}"
        default: "\(self)"
        }
    }
}
