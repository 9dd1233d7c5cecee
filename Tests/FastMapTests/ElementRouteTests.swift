import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// Arrays ask once whether their elements decode through their own `init(from:)` and then skip
/// the decoder's type tests for each element (`JSONTreeDecoder+ElementRoute.swift`). Each array
/// here holds a type the decoder reads in its own way, with settings under which `init(from:)`
/// would read it differently: a type missing from that list fails here.
@Suite struct ElementRouteTests {
    @Test func foundationTypesInArraysFollowTheStrategies() {
        assertSameDecoding([Date].self, #"["2024-01-02T03:04:05Z","1999-12-31T23:59:59Z"]"#) {
            $0.dateDecodingStrategy = .iso8601
            $1.dateDecodingStrategy = .iso8601
        }
        assertSameDecoding([[Date]].self, #"[[0, 1.5], [], [-86400]]"#) {
            $0.dateDecodingStrategy = .secondsSince1970
            $1.dateDecodingStrategy = .secondsSince1970
        }
        assertSameDecoding([Data].self, #"["AQID", "", "/w=="]"#)
        assertSameDecoding([URL].self, #"["https://example.com/a?b=c", "relative/path"]"#)
        assertSameDecoding([Decimal].self, #"[1, 0.1, 12345678901234567890.5, -3e-5]"#)
        assertSameDecoding([[Decimal]].self, #"[[1], [2.5, 3]]"#)
    }

    @Test func dictionariesInArraysKeepTheirKeys() {
        // `[String: V]` is exempt from the key strategy only on the decoder's own path.
        assertSameDecoding([[String: Int]].self, #"[{"snake_key":1,"other_one":2},{}]"#) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    @Test func nestedArraysStayLossy() throws {
        let decoder = FastJSONDecoder()
        decoder.lossyCoercions = [.skipInvalidArrayElements]
        let decoded = try decoder.decode([[Int]].self, from: Data(#"[[1,"x",2],"no",[3]]"#.utf8))
        #expect(decoded == [[1, 2], [3]])
    }

    @Test func modelsInArraysReportTheirElementPaths() {
        // The direct route: an element's failure still names its index, as JSONDecoder does.
        assertSameDecoding([Pair].self, #"[{"a":1,"b":2},{"a":3,"b":"four"}]"#)
        assertSameDecoding([[Pair]].self, #"[[{"a":1,"b":2}],[{"a":3}]]"#)
    }

    @Test func dictionaryValuesFollowTheStrategiesAndNameTheirKeys() {
        assertSameDecoding([String: Date].self, #"{"a":"2024-01-02T03:04:05Z","07":"1999-12-31T23:59:59Z"}"#) {
            $0.dateDecodingStrategy = .iso8601
            $1.dateDecodingStrategy = .iso8601
        }
        assertSameDecoding([String: [String: Int]].self, #"{"outer_key":{"inner_key":1}}"#) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        // A failing member's key on the path: its text, and its integer when it reads as one.
        assertSameDecoding([String: Pair].self, #"{"x":{"a":1,"b":2},"07":{"a":3,"b":"four"}}"#)
        assertSameDecoding([String: Pair].self, #"{"-12":{"a":1}}"#)
        assertSameDecoding([String: Pair].self, #"{"some_key":{"a":1,"b":null}}"#) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    @Test func dictionaryMemberKeysReadTheirIntegerWhenAsked() {
        #expect(DictionaryMemberKey("07", readsInteger: true).intValue == 7)
        #expect(DictionaryMemberKey("-12", readsInteger: true).intValue == -12)
        #expect(DictionaryMemberKey("x7", readsInteger: true).intValue == nil)
        #expect(DictionaryMemberKey("07", readsInteger: false).intValue == nil)
        #expect(DictionaryMemberKey(intValue: 5)?.stringValue == "5")
        #expect(DictionaryMemberKey(stringValue: "9").intValue == 9)
        // Small enough for an existential's inline buffer (three words): no allocation per member.
        #expect(MemoryLayout<DictionaryMemberKey>.size <= 3 * MemoryLayout<Int>.size)
    }

    struct Pair: Codable, Equatable {
        var a: Int
        var b: Int
    }
}
