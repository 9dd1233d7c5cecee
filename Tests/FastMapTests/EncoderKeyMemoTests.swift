// The streaming encoder learns each CodingKey type's keys and copies their text for later
// objects of the type; these values vary their keys from object to object in every way the
// learned keys must not hide: members left out, new keys, another order, repeats, keys equal
// to a learned one as Swift strings but not in bytes, keys needing escapes.
import FastMap
import Foundation
import Testing

/// An object written from a list of key-value pairs through one key type, in list order.
struct PairedKeys: Encodable, Sendable {
    var pairs: [(String, Int)]

    init(_ pairs: [(String, Int)]) { self.pairs = pairs }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in pairs { try container.encode(value, forKey: AnyKey(key)) }
    }
}

/// A synthesized model with optional members, some of them nil in each element.
struct SparseMember: Codable, Sendable {
    var zeta: Int
    var alpha: String?
    var middle: Double?
    var beta: [Int]?
    var escaped: String?

    enum CodingKeys: String, CodingKey {
        case zeta, alpha, middle, beta
        case escaped = "a/b"
    }
}

/// Objects of one key type inside each other: the inner one closes first and teaches the
/// type new keys while the outer one is half written. A key type of its own, so that what
/// other tests taught no other type changes what this one learns.
struct NestedSameKeys: Encodable, Sendable {
    struct NestKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NestKey.self)
        try container.encode(1, forKey: NestKey("m1"))
        try container.encode(2, forKey: NestKey("m2"))
        var inner = container.nestedContainer(keyedBy: NestKey.self, forKey: NestKey("m3"))
        try inner.encode(3, forKey: NestKey("b"))
        try inner.encode(4, forKey: NestKey("a"))
        try container.encode(5, forKey: NestKey("m4"))
    }
}

let keyMemoCases: [EncoderCase] = [
    EncoderCase(
        name: "optional members left out in turn",
        value: (0..<12).map { position in
            SparseMember(
                zeta: position, alpha: position % 2 == 0 ? "a\(position)" : nil,
                middle: position % 3 == 0 ? nil : Double(position) / 4, beta: position % 4 == 1 ? nil : [position],
                escaped: position % 5 == 0 ? "x/y" : nil)
        }),
    EncoderCase(
        name: "learned keys, then new keys, another order and fewer",
        value: [
            PairedKeys([("b", 1), ("a", 2), ("c", 3)]), PairedKeys([("b", 1), ("a", 2), ("c", 3)]),
            PairedKeys([("b", 1), ("a", 2), ("c", 3)]), PairedKeys([("b", 1), ("new", 2), ("c", 3), ("a", 4)]),
            PairedKeys([("c", 1), ("b", 2), ("a", 3)]), PairedKeys([("a", 1)]), PairedKeys([]),
            PairedKeys([("b", 1), ("a", 2), ("c", 3)]), PairedKeys([("b", 1), ("c", 2)]),
        ]),
    EncoderCase(
        name: "a repeated key after the keys were learned",
        value: [
            PairedKeys([("x", 1), ("y", 2)]), PairedKeys([("x", 1), ("y", 2)]), PairedKeys([("x", 1), ("y", 2)]),
            PairedKeys([("x", 1), ("y", 2), ("x", 3)]),
        ]),
    EncoderCase(
        name: "a key equal to a learned one as a Swift string only",
        value: [
            PairedKeys([("K", 1), ("a", 2)]), PairedKeys([("K", 1), ("a", 2)]), PairedKeys([("K", 1), ("a", 2)]),
            PairedKeys([("\u{212A}", 3), ("a", 4)]), PairedKeys([("a", 5), ("\u{212A}", 6)]),
            PairedKeys([("\u{212A}", 7), ("K", 8)]),
        ]),
    EncoderCase(
        name: "keys that need escapes or are not ASCII",
        value: [
            PairedKeys([("a/b", 1), ("q\"", 2), ("é", 3)]), PairedKeys([("a/b", 1), ("q\"", 2), ("é", 3)]),
            PairedKeys([("a/b", 1), ("q\"", 2), ("é", 3)]), PairedKeys([("tab\t", 1), ("e\u{301}", 2), ("é", 3)]),
        ]),
    EncoderCase(
        name: "keys that differ in every object",
        value: (0..<40).map { position in PairedKeys([("k\(position)", 1), ("common", 2), ("k\(position + 1)", 3)]) }),
    EncoderCase(
        name: "learned keys under snake case",
        value: (0..<6).map { position in PairedKeys([("someKey", position), ("otherKey", 1), ("some_key", 2)]) },
        setup: EncoderSetup(keyStrategy: .convertToSnakeCase)),
    EncoderCase(
        name: "learned keys under a custom strategy that reads the path",
        value: [
            [PairedKeys([("a", 1), ("b", 2)]), PairedKeys([("a", 1), ("b", 2)])], [PairedKeys([("b", 1), ("a", 2)])],
        ],
        setup: EncoderSetup(
            keyEncodingStrategy: { path in
                AnyKey(path.last!.stringValue + "\(path.count)")
            })),
]

extension EncoderSetup {
    /// A setup with a custom key strategy.
    init(keyEncodingStrategy transform: @escaping @Sendable ([any CodingKey]) -> any CodingKey) {
        self.init(keyStrategy: .custom(transform))
    }
}

/// One member under a key type of its own, so no other test teaches this type's keys.
struct KelvinProbe: Encodable, Sendable {
    struct ProbeKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var key: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ProbeKey.self)
        try container.encode(1, forKey: ProbeKey(stringValue: key))
    }
}

@Suite("FastJSONEncoder's learned keys")
struct EncoderKeyMemoTests {
    @Test("objects whose keys vary", arguments: keyMemoCases)
    func keysVary(_ testCase: EncoderCase) {
        expectSameEncoding(testCase.value, setup: testCase.setup, testCase.name)
    }

    /// The bytes of a Kelvin sign key survive a learned "K" (Swift's `==` calls them equal).
    @Test func keyBytesAreKeptExactly() throws {
        let encoder = FastJSONEncoder()
        let value = [
            PairedKeys([("K", 1)]), PairedKeys([("K", 1)]), PairedKeys([("K", 1)]), PairedKeys([("\u{212A}", 2)]),
        ]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(text == "[{\"K\":1},{\"K\":1},{\"K\":1},{\"\u{212A}\":2}]")
    }

    /// Members keep the order each object wrote them in, learned keys or not.
    @Test func memberOrderFollowsEachObject() throws {
        let value = [
            PairedKeys([("b", 1), ("a", 2)]), PairedKeys([("b", 1), ("a", 2)]), PairedKeys([("b", 1), ("a", 2)]),
            PairedKeys([("a", 1), ("b", 2)]),
        ]
        let json = try JSON(data: FastJSONEncoder().encode(value))
        #expect(objectKeyOrders(json) == [["b", "a"], ["b", "a"], ["b", "a"], ["a", "b"]])
        let sorted = FastJSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try sorted.encode(value), as: UTF8.self)
                == "[{\"a\":2,\"b\":1},{\"a\":2,\"b\":1},{\"a\":2,\"b\":1},{\"a\":1,\"b\":2}]")
    }

    /// What one encode learned serves the next; a key equal to a learned one only as a Swift
    /// string still comes out in its own bytes, compact and pretty printed.
    @Test func learnedKeysCarryOverBetweenEncodes() throws {
        let encoder = FastJSONEncoder()
        for formatting in [JSONEncoder.OutputFormatting(), .prettyPrinted] {
            encoder.outputFormatting = formatting
            _ = try encoder.encode([KelvinProbe(key: "K"), KelvinProbe(key: "K"), KelvinProbe(key: "K")])
        }
        encoder.outputFormatting = []
        #expect(String(decoding: try encoder.encode(KelvinProbe(key: "K")), as: UTF8.self) == "{\"K\":1}")
        #expect(
            String(decoding: try encoder.encode(KelvinProbe(key: "\u{212A}")), as: UTF8.self) == "{\"\u{212A}\":1}")
        encoder.outputFormatting = .prettyPrinted
        #expect(
            String(decoding: try encoder.encode(KelvinProbe(key: "\u{212A}")), as: UTF8.self)
                == "{\n  \"\u{212A}\" : 1\n}")
    }

    /// Sorting by learned rank when the keys changed under a half-written object would use
    /// positions in the old keys (here: `m2` before `m1`).
    @Test func objectsOfOneKeyTypeInsideEachOther() throws {
        let fast = FastJSONEncoder()
        fast.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let value = [NestedSameKeys(), NestedSameKeys(), NestedSameKeys()]
        #expect(try fast.encode(value) == foundation.encode(value))
        expectSameEncoding(value)
    }
}
