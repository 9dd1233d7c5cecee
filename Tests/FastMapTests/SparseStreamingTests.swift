import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// Sparse elements in the streaming parser (issue #17): elements whose reads vary by input,
/// read through `forEach`, `stream(from:)` and the whole-document `decode([T].self)`, must give
/// exactly what full element trees give (values, errors, `ElementFailure` fields). Each model is
/// this file's own: the schema cache is process-wide.
@Suite struct SparseStreamingTests {
    /// Reads `b` only when `kind` says so: elements of the other kind teach a schema without
    /// `b`, so a later element of this kind needs its full tree.
    struct Conditional: Decodable, Equatable, Sendable {
        var kind: String
        var b: Int?
        var inner: Inner?

        struct Inner: Decodable, Equatable, Sendable {
            var x: Int
            var deeper: Inner2?
        }

        struct Inner2: Decodable, Equatable, Sendable { var y: String }

        enum CodingKeys: String, CodingKey { case kind, b, inner }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(String.self, forKey: .kind)
            b = kind == "b" ? try container.decodeIfPresent(Int.self, forKey: .b) : nil
            inner = try container.decodeIfPresent(Inner.self, forKey: .inner)
        }
    }

    @Test func readsThatDependOnTheElement() async {
        let document = arrayDocument(40) { n in
            let kind = n < 20 || n % 3 != 0 ? "a" : "b"
            let inner = n % 4 == 0 ? #","inner":{"x":\#(n),"pad":[1,2,{"q":3}],"deeper":{"y":"d\#(n)","z":1}}"# : ""
            return
                #"{"pad":"\#(String(repeating: "p", count: n % 7))","kind":"\#(kind)","b":\#(n)\#(inner),"tail":[true,null]}"#
        }
        let statistics = await expectStreamedSparseMatchesFull(Conditional.self, [document])
        #expect(statistics.filteredElements > 0)
        #expect(statistics.elementFallbacks > 0)
    }

    /// ``SparseOtherSpellings`` as a streamed element (a type of this file's own).
    struct SpelledElement: Decodable, Equatable, Sendable {
        var kelvin: Int
        var semicolon: String?
        var grave: Int?
        var mixed: Int?

        enum CodingKeys: String, CodingKey { case kelvin = "K", semicolon = "a;b", grave = "`", mixed = "kK;" }
    }

    /// Elements spelling `K` and kin with the characters Swift calls equal to them are kept
    /// whole by the filtered element trees: no element falls back.
    @Test func asciiNamesSpelledOtherwise() async {
        let objects = SparseOtherSpellings.objects
        let document = arrayDocument(28) { objects[$0 % objects.count] }
        let statistics = await expectStreamedSparseMatchesFull(SpelledElement.self, [document])
        #expect(statistics.filteredElements > 0)
        #expect(statistics.elementFallbacks == 0)
    }

    /// Reads every key through `allKeys`, and `contains`: a filtered tree cannot answer either.
    struct KeyCounter: Decodable, Equatable, Sendable {
        var id: Int
        var keys: [String]
        var hasZ: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            id = try container.decode(Int.self, forKey: AnyKey("id"))
            hasZ = container.contains(AnyKey("z"))
            keys = id % 5 == 4 ? container.allKeys.map(\.stringValue) : []
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func allKeysAndContains() async {
        let document = arrayDocument(30) { n in
            n % 3 == 0 ? #"{"id":\#(n),"z":1,"w":[1]}"# : #"{"w":{"a":1},"id":\#(n),"v":"x"}"#
        }
        await expectStreamedSparseMatchesFull(KeyCounter.self, [document])
    }

    /// A `JSON` property: read whole, so its member is kept whole.
    struct WithJSON: Decodable, Equatable, Sendable {
        var id: Int
        var payload: JSON?
    }

    @Test func jsonProperty() async {
        let document = arrayDocument(30) { n in
            n < 15
                ? #"{"id":\#(n),"skip":{"a":1}}"# : #"{"id":\#(n),"payload":{"a":[1,{"b":"\#(n)"}],"c":null},"skip":2}"#
        }
        await expectStreamedSparseMatchesFull(WithJSON.self, [document])
    }

    /// Duplicate keys (the first wins) and exceptional reals, kept and skipped.
    struct Numbers: Decodable, Equatable, Sendable {
        var id: Int
        var value: Decimal?
        var real: Double?
    }

    @Test func duplicateKeysAndExceptionalReals() async {
        let document = arrayDocument(30) { n in
            let skipped = #""skip":[1.00000000000000000001,1e400,-0.0e-5,{"value":2.5000000000000000001}]"#
            switch n % 5 {
            case 0: return #"{\#(skipped),"id":\#(n),"id":99,"value":1.00000000000000000001}"#
            case 1: return #"{"id":\#(n),"value":3.0000000000000000000001e-300,\#(skipped),"value":7}"#
            case 2: return #"{"id":\#(n),"real":1e400}"#
            case 3: return #"{"skip":{"id":5,"value":1e999},"id":\#(n),"real":0.1000000000000000000001}"#
            default: return #"{"id":\#(n),"value":123456789012345678901234567890.5,"skip":1e-400}"#
            }
        }
        await expectStreamedSparseMatchesFull(Numbers.self, [document])
    }

    /// Plain two-key records: after the first element, every element is filtered.
    struct IDOnly: Decodable, Equatable, Sendable {
        var id: Int
        var name: String
    }

    /// Bad text in skipped members still fails its element (lone surrogate, bad UTF-8, nesting
    /// too deep), and a member of the wrong type fails it too, under every policy.
    @Test func failingElements() async {
        var document = Array(#"[{"id":1,"name":"a","x":{"q":[1,2]}},"#.utf8)
        document += Array(#"{"id":2,"name":"b","x":"\ud800"},"#.utf8)
        document += Array(#"{"id":3,"name":"c","x":""#.utf8) + [0xC3, 0x28] + Array(#""},"#.utf8)
        document += Array(#"{"id":4,"name":"d","x":[[[[[[[[[[1]]]]]]]]]]},"#.utf8)
        document += Array(#"{"id":"5","name":"e"},"#.utf8)
        document += Array(#"{"id":6,"name":"f","x":{"deep":[[[[[[[[{"a":[[1]]}]]]]]]]]}},"#.utf8)
        document += Array(#"{"id":7,"name":"g"}]"#.utf8)
        let statistics = await expectStreamedSparseMatchesFull(IDOnly.self, [document]) { $0.maximumDepth = 8 }
        #expect(statistics.filteredElements > 0)
    }

    /// An array at a key path, with elements that fail: coding paths `data`, `Index n`.
    @Test func arrayAtAKeyPath() async {
        let elements = (0..<20).map { n in
            n == 13 ? #"{"id":13,"name":7}"# : #"{"skip":[\#(n)],"id":\#(n),"name":"n\#(n)"}"#
        }
        let document = Array((#"{"meta":{"data":[1]},"data":["# + elements.joined(separator: ",") + "]}").utf8)
        await expectStreamedSparseMatchesFull(IDOnly.self, [document], at: "data")
    }

    /// Without a fallback the filtered decode of `Conditional`'s `b` elements would throw
    /// `keyNotFound`: the filtered tree lacks `b`. The counters show the fallback ran and the
    /// values are right.
    @Test func fallbackIsTakenWhenTheSchemaLacksAMember() throws {
        struct Late: Decodable, Equatable, Sendable {
            var kind: String
            var b: Int?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Conditional.CodingKeys.self)
                kind = try container.decode(String.self, forKey: .kind)
                b = kind == "b" ? try container.decodeIfPresent(Int.self, forKey: .b) : nil
            }
        }
        let first = arrayDocument(10) { n in #"{"kind":"a","b":\#(n)}"# }
        let second = arrayDocument(10) { n in #"{"kind":"b","b":\#(n)}"# }
        let decoder = FastJSONDecoder()
        decoder.elementByElementThreshold = 0
        _ = try decoder.decode([Late].self, from: Data(first))  // learns: no `b`
        let before = decoder.sparseDecoding.statistics
        let values = try decoder.decode([Late].self, from: Data(second))
        #expect(values.map(\.b) == (0..<10).map { $0 })
        let after = decoder.sparseDecoding.statistics
        #expect(after.elementFallbacks > before.elementFallbacks)
        // The fallbacks widened the schema by `b`: the next document is filtered throughout.
        #expect(try decoder.decode([Late].self, from: Data(second)) == values)
        let widened = decoder.sparseDecoding.statistics
        #expect(widened.elementFallbacks == after.elementFallbacks)
        #expect(widened.filteredElements == after.filteredElements + 10)
    }

    /// Sparse decoding off: no element is filtered.
    @Test func offMeansFull() throws {
        struct Off: Decodable, Equatable { var id: Int }
        let decoder = FastJSONDecoder()
        decoder.sparseDecoding.isEnabled = false
        decoder.elementByElementThreshold = 0
        let document = Data(arrayDocument(50) { #"{"id":\#($0),"x":[1]}"# })
        _ = try decoder.decode([Off].self, from: document)
        _ = try decoder.decode([Off].self, from: document)
        #expect(decoder.sparseDecoding.statistics.filteredElements == 0)
        #expect(decoder.sparseDecoding.statistics.learningElements == 0)
    }
}
