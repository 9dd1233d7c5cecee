import FastMap
import Foundation
import Testing

// Values whose containers are used in ways that text written in order cannot reproduce;
// FastJSONEncoder encodes them again with its tree encoder and still matches JSONEncoder.

/// Nested containers filled after their parent moved on.
struct OutOfOrderNested: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var first = container.nestedUnkeyedContainer(forKey: AnyKey("first"))
        var second = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("second"))
        try first.encode(1)
        try second.encode("b", forKey: AnyKey("b"))
        try container.encode(3, forKey: AnyKey("third"))
        try first.encode(2)
        var deeper = second.nestedUnkeyedContainer(forKey: AnyKey("deeper"))
        try second.encode("c", forKey: AnyKey("c"))
        try deeper.encode(true)
    }
}

/// The same key written twice: the last value stays, under the first spelling.
struct RepeatedKeys: Encodable, Sendable {
    var nested = false
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("a"))
        try container.encode("x", forKey: AnyKey("b"))
        try container.encode([1, 2], forKey: AnyKey("a"))
        try container.encode(2, forKey: AnyKey("e\u{301}"))
        try container.encode(3, forKey: AnyKey("\u{e9}"))
        if nested {
            try container.encode(["c": 0], forKey: AnyKey("b"))
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("b"))
            try inner.encode(4, forKey: AnyKey("d"))
        }
    }
}

/// Keys that only collide once converted to snake case.
struct SnakeCollisions: Codable, Sendable {
    var ABC = 1
    var aBC = 2
    var myURL = 3
    var myUrl = 4
}

/// A nested container for a key that already holds an object or array continues it.
struct MergedContainers: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(["x": 1], forKey: AnyKey("object"))
        var object = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("object"))
        try object.encode(2, forKey: AnyKey("y"))
        try container.encode([1], forKey: AnyKey("array"))
        var array = container.nestedUnkeyedContainer(forKey: AnyKey("array"))
        try array.encode(2)
        var again = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("object"))
        try again.encode(3, forKey: AnyKey("z"))
    }
}

/// A container asked for after a single value continues it; a single value after a
/// container is dropped.
struct SingleValueThenContainer: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(Merging(kind: 0), forKey: AnyKey("keyed"))
        try container.encode(Merging(kind: 1), forKey: AnyKey("unkeyed"))
        try container.encode(Merging(kind: 2), forKey: AnyKey("dropped"))
    }

    struct Merging: Encodable {
        var kind: Int
        func encode(to encoder: any Encoder) throws {
            switch kind {
            case 0:
                var single = encoder.singleValueContainer()
                try single.encode(["x": 1])
                var keyed = encoder.container(keyedBy: AnyKey.self)
                try keyed.encode(2, forKey: AnyKey("y"))
            case 1:
                var single = encoder.singleValueContainer()
                try single.encode([1])
                var list = encoder.unkeyedContainer()
                try list.encode(2)
            default:
                var keyed = encoder.container(keyedBy: AnyKey.self)
                try keyed.encode(2, forKey: AnyKey("y"))
                var single = encoder.singleValueContainer()
                try single.encode(5)
            }
        }
    }
}

/// `superEncoder()` encoded into after its container moved on.
struct LateSuperEncoders: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        let late = container.superEncoder()
        try container.encode(1, forKey: AnyKey("a"))
        try EncodedAnimal().encode(to: late)
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encode(1)
        let lateElement = list.superEncoder()
        try list.encode(2)
        var single = lateElement.singleValueContainer()
        try single.encode("inserted")
        try list.encode(3)
    }
}

@Suite("FastJSONEncoder fallback cases")
struct EncoderFallbackTests {
    @Test func outOfOrderNestedContainers() {
        expectSameEncoding(OutOfOrderNested())
        expectSameEncoding([OutOfOrderNested(), OutOfOrderNested()])
        // UUIDs and ISO 8601 dates as the tree encoder writes them.
        let identifiers = WrittenOutOfOrder(value: Identifiers(), element: Identifiers().counting)
        expectSameEncoding(identifiers)
        expectSameEncoding(identifiers, setup: isoDates)
        expectSameEncoding(WrittenOutOfOrder(value: CalendarEdges(), element: CalendarEdges().leapDay), setup: isoDates)
    }

    @Test func repeatedKeys() {
        expectSameEncoding(RepeatedKeys())
        expectSameEncoding(RepeatedKeys(nested: true))
        expectSameEncoding(["list": [RepeatedKeys()]])
    }

    @Test func keysCollidingAfterConversion() {
        var setup = EncoderSetup()
        setup.keyStrategy = .convertToSnakeCase
        expectSameEncoding(SnakeCollisions(), setup: setup)
        setup.keyStrategy = .custom { _ in AnyKey("same") }
        expectSameEncoding(SnakeCollisions(), setup: setup)
        expectSameEncoding([1: "a", 2: "b", 3: "c"], setup: setup)
    }

    @Test func mergedContainers() {
        expectSameEncoding(MergedContainers())
        expectSameEncoding(SingleValueThenContainer())
    }

    @Test func lateSuperEncoders() {
        expectSameEncoding(LateSuperEncoders())
    }
}
