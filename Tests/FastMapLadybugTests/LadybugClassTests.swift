import FastMapLadybug
import Foundation
import Testing

/// Classes as `JSONCodable` models: Ladybug's class conformance tests, plus a `final class`
/// with transformers; and the entry points' handling of inputs that are not JSON objects.
@Suite("Ladybug classes and inputs")
struct LadybugClassTests {
    typealias Tree = LadybugReadme.Tree
    typealias Flight = LadybugReadme.Flight
    typealias Shirt1 = LadybugReadme.Shirt1
    typealias Shirt2 = LadybugReadme.Shirt2
    typealias Jacket = LadybugReadme.Jacket

    static let shirtJSON = #"{"cost": 19.99, "size": "large"}"#

    @Test func classWithDefaultValues() throws {
        let json = try JSONSerialization.jsonObject(with: Data(Self.shirtJSON.utf8))
        let shirt = try Shirt1(json: json)
        #expect(shirt.cost == 19.99)
        #expect(shirt.size == .large)
        #expect(String(decoding: try shirt.toData(), as: UTF8.self) == #"{"cost":19.99,"size":"large"}"#)
        let again = try Shirt1(data: shirt.toData())
        #expect(again.cost == 19.99 && again.size == .large)

        let (error, failure) = try #require(decodingFailure { try Shirt1(data: Data(#"{"cost": "cheap"}"#.utf8)) })
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["cost"])
        #expect(failure.message == #"property `cost` of Shirt1: expected Double, found string"#)
    }

    @Test func classWithInit() throws {
        let shirt = try Shirt2(json: JSONSerialization.jsonObject(with: Data(Self.shirtJSON.utf8)))
        #expect(shirt.cost == 19.99)
        #expect(shirt.size == .large)
        let again = try Shirt2(data: shirt.toData())
        #expect(again.cost == 19.99 && again.size == .large)
        let (error, _) = try #require(decodingFailure { try Shirt2(data: Data(#"{"cost": 1}"#.utf8)) })
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "size")
    }

    @Test func finalClassWithTransformers() throws {
        let json = #"{"label": {"brand": "Acme"}, "price": 120.5, "sold_at": "2017-08-29T12:00:00Z"}"#
        let jacket = try Jacket(data: Data(json.utf8))
        #expect(jacket.brand == "Acme")
        #expect(jacket.price == 120.5)
        #expect(jacket.soldAt == utcDate(2017, 8, 29, 12))
        #expect(
            String(decoding: try jacket.toData(), as: UTF8.self)
                == #"{"label":{"brand":"Acme"},"price":120.5,"sold_at":"2017-08-29T12:00:00Z"}"#)
        let unsold = try Jacket(data: Data(#"{"label": {"brand": "Acme"}, "price": 1}"#.utf8))
        #expect(unsold.soldAt == nil)
        #expect(String(decoding: try unsold.toData(), as: UTF8.self) == #"{"label":{"brand":"Acme"},"price":1}"#)

        let (_, failure) = try #require(decodingFailure { try Jacket(data: Data(#"{"label": {"brand": 7}}"#.utf8)) })
        #expect(failure.pathDescription == "$.label.brand")
        #expect(failure.message == "property `brand` of Jacket: expected String, found number")
    }

    @Test func inputsThatAreNotObjects() throws {
        for (input, received) in [
            ("[1]", [Any].self), ("\"x\"", String.self), ("1", Int.self), ("1.5", Double.self), ("null", NSNull.self),
            ("true", Bool.self),
        ] as [(String, Any.Type)] {
            #expect {
                try Tree(data: Data(input.utf8))
            } throws: { error in
                guard case JSONCodableError.badType(let expected, let got) = error else { return false }
                return expected is [String: Any].Type && ObjectIdentifier(got) == ObjectIdentifier(received)
            }
        }
        #expect {
            try Tree(json: [1, 2])
        } throws: { error in
            guard case JSONCodableError.badType(let expected, let got) = error else { return false }
            return expected is [String: Any].Type && got is [Int].Type
        }
        #expect {
            try [Tree](json: ["a": 1])
        } throws: { error in
            guard case JSONCodableError.badType(let expected, _) = error else { return false }
            return expected is [Any].Type
        }
        #expect {
            try [Tree](data: Data("[{}, 2]".utf8))
        } throws: { error in
            guard case JSONCodableError.badType(let expected, _) = error else { return false }
            return expected is [[String: Any]].Type
        }
    }

    @Test func malformedText() throws {
        let (error, failure) = try #require(decodingFailure { try Tree(data: Data(#"{"age": 1,,}"#.utf8)) })
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(failure.kind == .syntax)
        #expect(failure.location != nil)
    }

    @Test func objectsWithoutJSONForm() throws {
        let (error, failure) = try #require(decodingFailure { try Tree(json: ["age": 1, "when": Date()]) })
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["when"])
        #expect(failure.message.contains("Date"))
    }

    @Test func utf16Input() throws {
        let data = try #require(LadybugReadmeTests.flightJSON.data(using: .utf16))
        #expect(try Flight(data: data) == Flight(data: Data(LadybugReadmeTests.flightJSON.utf8)))
    }

    /// Decoding and encoding from many tasks at once: date formatters are borrowed per call,
    /// plans are per call, shared transformers are immutable.
    @Test func concurrentUse() async throws {
        let data = Data(LadybugReadmeTests.tweetsJSON.utf8)
        let expected = try List<LadybugReadme.Tweet>(data: data)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<50 {
                        let tweets = try List<LadybugReadme.Tweet>(data: data)
                        guard tweets == expected, try List<LadybugReadme.Tweet>(data: tweets.toData()) == expected
                        else { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 16))
    }

    @Test func encodingErrors() throws {
        struct Measure: JSONCodable {
            let value: Double
        }
        #expect {
            try Measure(value: .nan).toData()
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription == "Unable to encode Double.nan directly in JSON."
                && context.codingPath.map(\.stringValue) == ["value"]
        }
        #expect {
            try [Measure(value: 1), Measure(value: -.infinity)].toJSON()
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["Index 1", "value"]
        }
    }

    @Test func specialValuesRoundTrip() throws {
        struct Specials: JSONCodable, Equatable {
            let url: URL
            let data: Data
            let big: UInt64
            let small: Int8
            let ratio: Float
            let tags: Set<String>
            let dynamic: JSON
            let nested: [[Int?]]
        }
        let value = Specials(
            url: URL(string: "https://example.com/a?b=c")!, data: Data([0, 1, 2, 255]), big: .max, small: -128,
            ratio: 0.1, tags: ["x"], dynamic: ["any": [1, "two", nil]], nested: [[1, nil], []])
        let data = try value.toData()
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"url":"https:\/\/example.com\/a?b=c","data":"AAEC\/w==","big":18446744073709551615,"small":-128,"#
                + #""ratio":0.1,"tags":["x"],"dynamic":{"any":[1,"two",null]},"nested":[[1,null],[]]}"#)
        #expect(try Specials(data: data) == value)
        #expect(try Specials(json: value.toJSON()) == value)
    }
}
