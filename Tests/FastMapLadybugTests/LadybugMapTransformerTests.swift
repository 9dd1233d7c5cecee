import FastMapLadybug
import Foundation
import Testing

/// `Map`: closures over the raw JSON value, as Ladybug gives it.
@Suite("Ladybug transformers: Map")
struct LadybugMapTransformerTests {
    struct Mapped: JSONCodable, Equatable {
        let count: Int
        let total: Int?
        let label: String?

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "count": Map<Int> { ($0 as? String).flatMap { Int($0) } },
            "total": Map<Int>(keyPath: "items") { ($0 as? [Int])?.reduce(0, +) },
            "label": "meta.label" <- Map<String> { ($0 as? String)?.uppercased() },
        ]
    }

    @Test func mapTransformsTheRawValue() throws {
        let json = #"{"count": "12", "items": [1, 2, 3], "meta": {"label": "abc"}}"#
        #expect(try Mapped(data: Data(json.utf8)) == Mapped(count: 12, total: 6, label: "ABC"))
    }

    @Test func mapReturningNilReadsTheOwnKey() throws {
        #expect(try Mapped(data: Data(#"{"count": 4}"#.utf8)) == Mapped(count: 4, total: nil, label: nil))
        #expect(try Mapped(data: Data(#"{"count": "1", "items": "none", "total": 9}"#.utf8)).total == 9)
        let (error, failure) = try #require(decodingFailure { try Mapped(data: Data("{}".utf8)) })
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "count")
        #expect(failure.message == #"property `count` of Mapped: no value at "count""#)
    }

    @Test func mapGetsFoundationShapedValues() throws {
        struct Shapes: JSONCodable {
            let kinds: String
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "kinds": Map<String>(keyPath: "all") { value in
                    guard let list = value as? [Any] else { return "not a list" }
                    return list.map { element -> String in
                        switch element {
                        case is NSNull: "null"
                        case is Bool: "bool"
                        case is Int: "int"
                        case is Double: "double"
                        case is String: "string"
                        case is [Any]: "array"
                        case is [String: Any]: "object"
                        default: "?"
                        }
                    }.joined(separator: ",")
                }
            ]
        }
        let json = #"{"all": [null, true, 1, 1.5, "s", [], {}]}"#
        #expect(try Shapes(data: Data(json.utf8)).kinds == "null,bool,int,double,string,array,object")
        #expect(try Shapes(data: Data("{}".utf8)).kinds == "not a list")
    }

    @Test func mapResultOfAnotherTypeIsConverted() throws {
        struct Widened: JSONCodable {
            let big: Int64
            let date: Date
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "big": Map<Int> { _ in 5 },
                "date": Map<Int> { _ in 1000 },
            ]
        }
        let widened = try Widened(data: Data("{}".utf8))
        #expect(widened.big == 5)
        #expect(widened.date == Date(timeIntervalSince1970: 1))
        struct Wrong: JSONCodable {
            let wrong: String?
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["wrong": Map<[Int]> { _ in [1] }]
        }
        let (error, failure) = try #require(decodingFailure { try Wrong(data: Data(#"{"wrong": "x"}"#.utf8)) })
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["wrong"])
        #expect(failure.message == "property `wrong` of Wrong: expected String, found array")
    }
}
