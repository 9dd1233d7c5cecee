import FastMap
import Foundation

// Model types for the differential encoder suite (each compared byte for byte with
// JSONEncoder): container patterns, class hierarchies, coding paths, nesting.

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
