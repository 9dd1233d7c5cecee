import FastMap
import Foundation
import Testing

/// A value that puts `bad` at one position through one kind of container call.
struct BadFloatAt<F: BinaryFloatingPoint & Encodable & Sendable>: Encodable, Sendable {
    enum Position: String, CaseIterable, Sendable {
        case keyedDirect, keyedGeneric, keyedOptional, unkeyed, unkeyedGeneric, array, nestedKeyed, nestedUnkeyed
        case nestedTwice, dictionary, wrapped, superEncoder, unkeyedSuperEncoder, deep
    }

    var bad: F
    var position: Position

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("before"))
        let key = AnyKey("value")
        switch position {
        case .keyedDirect:
            if let double = bad as? Double { try container.encode(double, forKey: key) }
            if let float = bad as? Float { try container.encode(float, forKey: key) }
        case .keyedGeneric: try container.encode(bad, forKey: key)
        case .keyedOptional: try container.encodeIfPresent(Optional(bad), forKey: key)
        case .unkeyed:
            var list = container.nestedUnkeyedContainer(forKey: key)
            try list.encode(0)
            if let double = bad as? Double { try list.encode(double) }
            if let float = bad as? Float { try list.encode(float) }
        case .unkeyedGeneric:
            var list = container.nestedUnkeyedContainer(forKey: key)
            try list.encode("x")
            try list.encode(bad)
        case .array: try container.encode([0, 0, bad], forKey: key)
        case .nestedKeyed:
            var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try nested.encode(bad, forKey: AnyKey("inner"))
        case .nestedUnkeyed:
            var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            var list = nested.nestedUnkeyedContainer(forKey: AnyKey("list"))
            try list.encode(bad)
        case .nestedTwice:
            var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try nested.encode(["deeper": [bad]], forKey: AnyKey("inner"))
        case .dictionary: try container.encode(["a": 1, "b": bad], forKey: key)
        case .wrapped: try container.encode(Wrapper(content: Wrapper(content: bad)), forKey: key)
        case .superEncoder:
            var superContainer = container.superEncoder().container(keyedBy: AnyKey.self)
            try superContainer.encode(bad, forKey: AnyKey("inherited"))
        case .unkeyedSuperEncoder:
            var list = container.nestedUnkeyedContainer(forKey: key)
            try list.encode(true)
            var single = list.superEncoder().singleValueContainer()
            try single.encode(bad)
        case .deep: try container.encode([[["k": [[bad]]]]], forKey: key)
        }
        try container.encode(2, forKey: AnyKey("after"))
    }
}

@Suite("FastJSONEncoder errors")
struct EncoderErrorTests {
    static let positions = BadFloatAt<Double>.Position.allCases

    @Test("NaN and infinities throw JSONEncoder's error at every position", arguments: positions)
    func nonConformingFloats(_ position: BadFloatAt<Double>.Position) {
        for bad in [Double.nan, .infinity, -.infinity] {
            expectSameEncoding(BadFloatAt(bad: bad, position: position), "\(bad) at \(position)")
            expectSameEncoding(
                BadFloatAt(bad: Float(bad), position: BadFloatAt<Float>.Position(rawValue: position.rawValue)!))
        }
    }

    @Test("with .convertToString the same values encode", arguments: positions)
    func convertToString(_ position: BadFloatAt<Double>.Position) throws {
        var setup = EncoderSetup()
        setup.floatStrategy = .convertToString(
            positiveInfinity: "+inf/", negativeInfinity: "-inf", nan: "not\"a number")
        for bad in [Double.nan, .infinity, -.infinity] {
            expectSameEncoding(BadFloatAt(bad: bad, position: position), setup: setup, "\(bad) at \(position)")
            let data = try setup.fast([]).encode(BadFloatAt(bad: bad, position: position))
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains(bad.isNaN ? #""not\"a number""# : bad > 0 ? #""+inf\/""# : #""-inf""#), "\(text)")
        }
    }

    /// The paths themselves, pinned (JSONEncoder leaves nested containers' keys out of the
    /// paths of values inside them, and the key of a string-keyed dictionary under a key
    /// strategy; FastJSONEncoder reports exactly what JSONEncoder reports).
    @Test func pinnedPaths() {
        func path(_ position: BadFloatAt<Double>.Position, strategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys)
            -> [String]?
        {
            let encoder = FastJSONEncoder()
            encoder.keyEncodingStrategy = strategy
            do {
                _ = try encoder.encode(BadFloatAt(bad: .nan, position: position))
                return nil
            } catch {
                return EncodingErrorSummary(error)?.path
            }
        }
        #expect(path(.keyedDirect) == ["value"])
        #expect(path(.unkeyed) == ["Index 1#1"])
        #expect(path(.array) == ["value", "Index 2#2"])
        #expect(path(.nestedKeyed) == ["inner"])
        #expect(path(.nestedUnkeyed) == ["Index 0#0"])
        #expect(path(.dictionary) == ["value", "b"])
        #expect(path(.dictionary, strategy: .convertToSnakeCase) == ["b"])
        #expect(path(.superEncoder) == ["super", "inherited"])
        #expect(path(.unkeyedSuperEncoder) == ["Index 1#1"])
        #expect(path(.deep) == ["value", "Index 0#0", "Index 0#0", "k", "Index 0#0", "Index 0#0"])
    }

    @Test func errorDetails() throws {
        let error = try #require(throws: EncodingError.self) {
            try FastJSONEncoder().encode(["list": [1, -Float.infinity]])
        }
        guard case .invalidValue(let value, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(value as? Float == -.infinity)
        #expect(context.debugDescription == "Unable to encode Float.-inf directly in JSON.")
        let underlying = try #require(context.underlyingError as? FastMapError)
        #expect(underlying.kind == .invalidValue)
        #expect(underlying.pathDescription == "$.list[1]")
    }

    @Test func datesInSecondsIgnoreTheFloatStrategy() {
        var setup = EncoderSetup()
        setup.floatStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        for strategy in [JSONEncoder.DateEncodingStrategy.secondsSince1970, .millisecondsSince1970] {
            setup.dateStrategy = strategy
            expectSameEncoding(["when": Date(timeIntervalSince1970: .nan)], setup: setup)
            expectSameEncoding([Date(timeIntervalSince1970: .infinity)], setup: setup)
        }
        setup.dateStrategy = .deferredToDate
        expectSameEncoding(["when": Date(timeIntervalSinceReferenceDate: .nan)], setup: setup)
    }

    @Test func topLevelValueEncodingNothing() {
        expectSameEncoding(EncodesNothing())
        #expect(throws: EncodingError.self) { try FastJSONEncoder().encodeToJSON(EncodesNothing()) }
        // Inside a container, or wrapped, it is an empty object.
        expectSameEncoding([EncodesNothing()])
        expectSameEncoding(Wrapper(content: EncodesNothing()))
    }

    /// JSONEncoder writes containers nested up to 511 deep; deeper fails when writing.
    @Test func depthLimit() {
        expectSameEncoding(DeepNesting(depth: 510), formattings: [[], [.sortedKeys, .prettyPrinted]])
        expectSameEncoding(DeepNesting(depth: 511), formattings: [[], [.sortedKeys, .prettyPrinted]])
        expectSameEncoding(DeepNesting(depth: 512), formattings: [[], [.sortedKeys, .prettyPrinted]])
        expectSameEncoding(DeepNesting(depth: 600), formattings: [[.sortedKeys]])
        expectSameEncoding(DeepNestingOfNothing(depth: 510), formattings: [[.sortedKeys]])
        expectSameEncoding(DeepNestingOfNothing(depth: 511), formattings: [[.sortedKeys]])
    }

    /// Values far deeper than JSONEncoder survives, and values that contain themselves,
    /// throw instead of exhausting the stack.
    @Test func runawayNesting() throws {
        let error = try #require(throws: EncodingError.self) {
            try FastJSONEncoder().encode(DeepNesting(depth: 100_000))
        }
        #expect(EncodingErrorSummary(error)?.debugDescription == "Unable to encode the given top-level value to JSON.")

        let cycle = CyclicNode()
        cycle.next = cycle
        defer { cycle.next = nil }
        for formatting in allFormattings {
            let encoder = FastJSONEncoder()
            encoder.outputFormatting = formatting
            #expect(throws: EncodingError.self) { try encoder.encode(cycle) }
            #expect(throws: EncodingError.self) { try encoder.encodeToJSON(cycle) }
        }
    }

    /// Where JSONEncoder stops the process, FastJSONEncoder throws `invalidValue` naming the
    /// misuse and where it happened.
    @Test("container misuse throws", arguments: ContainerMisuse.allCases)
    func misuse(_ misuse: ContainerMisuse) throws {
        for formatting in allFormattings {
            let encoder = FastJSONEncoder()
            encoder.outputFormatting = formatting
            let error = try #require(throws: EncodingError.self) { try encoder.encode(misuse) }
            let summary = try #require(EncodingErrorSummary(error))
            #expect(summary.debugDescription == misuse.expectedMessage)
            #expect(summary.path == misuse.expectedPath)
            #expect(throws: EncodingError.self) { try encoder.encodeToJSON(misuse) }
        }
    }

    /// A value whose `encode(to:)` catches an error and goes on leaves no trace of the
    /// failed member, as in JSONEncoder. (JSONEncoder itself can stop the process when the
    /// error came from inside a nested value: it reuses that value's encoder with its
    /// half-written storage. So the nested failures are compared with JSONEncoder encoding
    /// the value without them.)
    @Test func caughtErrorsLeaveNoTrace() throws {
        expectSameEncoding(CatchesErrors(nestedFailures: false))
        for formatting in allFormattings where formatting.contains(.sortedKeys) {
            let expected = try EncoderSetup().foundation(formatting).encode(CatchesErrors(nestedFailures: false))
            let actual = try EncoderSetup().fast(formatting).encode(CatchesErrors(nestedFailures: true))
            #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            let tree = try EncoderSetup().fast(formatting).encodeToJSON(CatchesErrors(nestedFailures: true))
            #expect(tree == (try JSON(data: expected)))
        }
    }
}

struct DeepNestingOfNothing: Encodable, Sendable {
    var depth: Int
    func encode(to encoder: any Encoder) throws {
        guard depth > 0 else { return }
        var container = encoder.unkeyedContainer()
        try container.encode(DeepNestingOfNothing(depth: depth - 1))
    }
}

final class CyclicNode: Encodable, @unchecked Sendable {
    var next: CyclicNode?
    var label = "node"
}

enum ContainerMisuse: String, Encodable, CaseIterable, Sendable {
    case twoSingleValues, nestedKeyedOverNumber, nestedUnkeyedOverObject, keyedAfterUnkeyed, unkeyedAfterSingleValue

    var expectedMessage: String {
        switch self {
        case .twoSingleValues:
            return "Attempt to encode value through single value container when previously value already encoded."
        case .nestedKeyedOverNumber:
            return
                "Attempt to re-encode into nested KeyedEncodingContainer<AnyKey> for key \"a\" is invalid: non-keyed container already encoded for this key"
        case .nestedUnkeyedOverObject:
            return
                "Attempt to re-encode into nested UnkeyedEncodingContainer for key \"a\" is invalid: keyed container/single value already encoded for this key"
        case .keyedAfterUnkeyed:
            return "Attempt to push new keyed encoding container when already previously encoded at this path."
        case .unkeyedAfterSingleValue:
            return "Attempt to push new unkeyed encoding container when already previously encoded at this path."
        }
    }

    var expectedPath: [String] {
        switch self {
        case .nestedKeyedOverNumber, .nestedUnkeyedOverObject: return ["list", "Index 0#0", "a"]
        default: return ["list", "Index 0#0"]
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(0, forKey: AnyKey("first"))
        try container.encode([Misused(misuse: self)], forKey: AnyKey("list"))
    }

    struct Misused: Encodable {
        var misuse: ContainerMisuse
        func encode(to encoder: any Encoder) throws {
            switch misuse {
            case .twoSingleValues:
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            case .nestedKeyedOverNumber:
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey("a"))
                var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
                try nested.encode(2, forKey: AnyKey("b"))
            case .nestedUnkeyedOverObject:
                var container = encoder.container(keyedBy: AnyKey.self)
                _ = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
                var nested = container.nestedUnkeyedContainer(forKey: AnyKey("a"))
                try nested.encode(2)
            case .keyedAfterUnkeyed:
                var list = encoder.unkeyedContainer()
                try list.encode(1)
                var keyed = encoder.container(keyedBy: AnyKey.self)
                try keyed.encode(2, forKey: AnyKey("b"))
            case .unkeyedAfterSingleValue:
                var single = encoder.singleValueContainer()
                try single.encode("text")
                var list = encoder.unkeyedContainer()
                try list.encode(2)
            }
        }
    }
}

/// Catches the errors of failed members and encodes the rest.
struct CatchesErrors: Encodable, Sendable {
    /// Also members that fail inside their own `encode(to:)`.
    var nestedFailures: Bool

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("first"))
        try? container.encode(Double.nan, forKey: AnyKey("direct"))
        if nestedFailures {
            try? container.encode(BadFloatAt(bad: Double.nan, position: .deep), forKey: AnyKey("nested"))
        }
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try? list.encode(Float.infinity)
        try list.encode(5)
        if nestedFailures {
            try? list.encode([1.0, .nan])
            try? list.encode(Wrapper(content: -Float.infinity))
        }
        try list.encode(6)
        try container.encode(2, forKey: AnyKey("last"))
    }
}
