import FastMapLadybug
import Foundation
import Synchronization
import Testing

/// The coding paths Ladybug's encoder shows to the values it encodes, at every kind of
/// nesting (nested keyed and unkeyed containers, `superEncoder()` and `superEncoder(forKey:)`,
/// single-value forwarding, array elements, dictionary members). Every value gets its full
/// path, the keys of nested containers included; `JSONEncoder` leaves those keys out of the
/// paths of values encoded inside a nested container, and agrees everywhere else.
@Suite(.serialized)
struct LadybugEncoderCodingPathTests {
    static let seen = Mutex<[String]>([])

    static func record(_ label: String, _ path: [any CodingKey]) {
        let text = path.map { $0.intValue.map { "#\($0)" } ?? $0.stringValue }.joined(separator: "/")
        seen.withLock { $0.append("\(label): \(text)") }
    }

    enum ProbeKey: String, CodingKey { case a, b, c, d }

    /// A value that records, at each step of its encoding, the coding path it is given.
    struct Probe: Codable {
        let label: String

        init(_ label: String) { self.label = label }
        init(from decoder: any Decoder) throws { label = "" }

        func encode(to encoder: any Encoder) throws {
            record("\(label) encoder", encoder.codingPath)
            var keyed = encoder.container(keyedBy: ProbeKey.self)
            record("\(label) keyed", keyed.codingPath)
            var nested = keyed.nestedContainer(keyedBy: ProbeKey.self, forKey: .a)
            record("\(label) nested", nested.codingPath)
            var list = nested.nestedUnkeyedContainer(forKey: .b)
            record("\(label) list", list.codingPath)
            try list.encode(Leaf(label: "\(label) element"))
            var inner = list.nestedContainer(keyedBy: ProbeKey.self)
            record("\(label) inner", inner.codingPath)
            try inner.encode(Leaf(label: "\(label) inner value"), forKey: .c)
            var innerList = list.nestedUnkeyedContainer()
            record("\(label) inner list", innerList.codingPath)
            try innerList.encode(Leaf(label: "\(label) inner list element"))
            try Leaf(label: "\(label) list super").encode(to: list.superEncoder())
            try Leaf(label: "\(label) super for key").encode(to: keyed.superEncoder(forKey: .c))
            try Leaf(label: "\(label) super").encode(to: keyed.superEncoder())
            try keyed.encode(Forward(label: "\(label) forwarded"), forKey: .d)
        }
    }

    struct Leaf: Encodable {
        let label: String

        func encode(to encoder: any Encoder) throws {
            record(label, encoder.codingPath)
            var single = encoder.singleValueContainer()
            record("\(label) single", single.codingPath)
            try single.encode(1)
        }
    }

    /// Encodes a leaf through its single-value container.
    struct Forward: Encodable {
        let label: String

        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(Leaf(label: label))
        }
    }

    struct Holder: JSONCodable {
        let probe: Probe
        let list: [Probe]
        let map: [String: Probe]
    }

    static func paths(_ encode: () throws -> Void) rethrows -> [String] {
        seen.withLock { $0 = [] }
        try encode()
        return seen.withLock { $0 }
    }

    /// What a probe at `base` records.
    static func expected(_ label: String, at base: String) -> [String] {
        let steps: [(String, String)] = [
            ("encoder", ""), ("keyed", ""), ("nested", "/a"), ("list", "/a/b"), ("element", "/a/b/#0"),
            ("inner", "/a/b/#1"), ("inner value", "/a/b/#1/c"), ("inner list", "/a/b/#2"),
            ("inner list element", "/a/b/#2/#0"), ("list super", "/a/b/#3"), ("super for key", "/c"),
            ("super", "/super"), ("forwarded", "/d"),
        ]
        let leaves: Set = [
            "element", "inner value", "inner list element", "list super", "super for key", "super", "forwarded",
        ]
        return steps.flatMap { name, path in
            let line = "\(label) \(name): \(base)\(path)"
            return leaves.contains(name) ? [line, "\(label) \(name) single: \(base)\(path)"] : [line]
        }
    }

    /// Steps that no nested container of the probe's own holds: there `JSONEncoder` agrees.
    static func outsideNestedContainers(_ line: String) -> Bool {
        !["element", "inner", "list super"].contains { line.contains(" \($0)") }
    }

    @Test func everyValueSeesItsFullPath() throws {
        let holder = Holder(probe: Probe("p"), list: [Probe("l0"), Probe("l1")], map: ["k": Probe("m")])
        let ladybug = try Self.paths { _ = try holder.toData() }
        let expected =
            Self.expected("p", at: "probe") + Self.expected("l0", at: "list/#0") + Self.expected("l1", at: "list/#1")
            + Self.expected("m", at: "map/k")
        #expect(ladybug == expected)

        let foundation = try Self.paths { _ = try JSONEncoder().encode(holder) }
        #expect(foundation.count == ladybug.count)
        #expect(ladybug.filter(Self.outsideNestedContainers) == foundation.filter(Self.outsideNestedContainers))
        #expect(ladybug.filter(Self.outsideNestedContainers).count == 40)
    }
}
