import FastMapModels
import Foundation
import Testing

/// Models nested in another type name their siblings as their body does: the coding members sit
/// in an extension at file scope, where `Kind` alone would not resolve to `NestedModels.Kind`.
enum NestedModels {
    enum Kind: String, Codable, Equatable { case a, b }
    struct Helper: Codable, Equatable { var x: Int }
    enum Shift: JSONDateCoding {
        static func date(from json: Double) throws -> Date { Date(timeIntervalSince1970: json + 1) }
        static func jsonValue(for date: Date) throws -> Double { date.timeIntervalSince1970 - 1 }
    }

    @JSONModel struct Record: Equatable {
        var kind: Kind
        var helper: Helper?
        var helpers: [Helper]
        var byName: [String: Kind]
        @Default(Kind.a) var other: Kind
        @DateFormat(.custom(Shift.self)) var at: Date
        var mode: Mode
        enum Mode: String, Codable { case on, off }
    }

    @JSONModel(discriminator: "type")
    enum Event: Equatable {
        case started(Helper)
        case moved(kind: Kind, by: Int)
    }

    @JSONModel(tagging: .external)
    enum Tagged: Equatable {
        case one(Kind)
        case two(helper: Helper)
    }

    struct Deeper {
        @JSONModel struct Leaf: Equatable {
            var kind: Kind
            var sibling: Sibling
        }
        struct Sibling: Codable, Equatable { var y: Int }
    }
}

@Suite("@JSONModel nested in other types")
struct NestedModelTests {
    @Test func aNestedStructDecodesAndEncodesItsSiblingTypes() throws {
        let text = #"{"kind":"b","helper":{"x":1},"helpers":[{"x":2}],"byName":{"k":"a"},"at":9,"mode":"on"}"#
        let record = try FastJSONDecoder().decode(NestedModels.Record.self, from: Data(text.utf8))
        #expect(record.kind == .b && record.other == .a && record.helper == NestedModels.Helper(x: 1))
        #expect(record.at == Date(timeIntervalSince1970: 10))
        #expect(record.mode == .on)
        let encoder = FastJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let again = try FastJSONDecoder().decode(NestedModels.Record.self, from: try encoder.encode(record))
        #expect(again == record)
        // The memberwise initializer is still there.
        let built = NestedModels.Record(
            kind: .a, helper: nil, helpers: [], byName: [:], other: .b, at: Date(timeIntervalSince1970: 0), mode: .off)
        #expect(built.other == .b)
    }

    @Test func nestedEnumsDecodeTheirSiblingTypes() throws {
        let decoder = FastJSONDecoder()
        let started = try decoder.decode(NestedModels.Event.self, from: Data(#"{"type":"started","x":3}"#.utf8))
        #expect(started == .started(NestedModels.Helper(x: 3)))
        let moved = try decoder.decode(NestedModels.Event.self, from: Data(#"{"type":"moved","kind":"a","by":2}"#.utf8))
        #expect(moved == .moved(kind: .a, by: 2))
        let tagged = try decoder.decode(NestedModels.Tagged.self, from: Data(#"{"one":"b"}"#.utf8))
        #expect(tagged == .one(.b))
        let roundTrip = try decoder.decode(NestedModels.Tagged.self, from: try FastJSONEncoder().encode(tagged))
        #expect(roundTrip == tagged)
    }

    @Test func twoLevelsDeep() throws {
        let leaf = try FastJSONDecoder().decode(
            NestedModels.Deeper.Leaf.self, from: Data(#"{"kind":"a","sibling":{"y":4}}"#.utf8))
        #expect(leaf.sibling.y == 4)
    }
}
