import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// FastJSONDecoder and JSONDecoder side by side under the date, data and key strategies.
@Suite("FastJSONDecoder vs JSONDecoder: strategies")
struct DecoderDifferentialStrategyTests {
    @Test func dateStrategies() {
        let payloads = [
            #"{"when":1500000000,"dates":[0,1.5,-3]}"#, #"{"when":"2020-01-01T00:00:00Z","dates":[]}"#,
            #"{"when":"2020-01-01","dates":["2021-02-03"]}"#, #"{"when":1,"dates":["x"]}"#,
            #"{"when":"2020-01-01T00:00:00Z","dates":["2020-13-01T00:00:00Z"]}"#, #"{"when":null,"dates":[]}"#,
            #"{"when":true,"dates":[]}"#, #"{"when":1e-400,"dates":[]}"#,
        ]
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let strategies: [JSONDecoder.DateDecodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(formatter),
            .custom { decoder in
                let container = try decoder.singleValueContainer()
                if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds * 2) }
                let text = try container.decode(String.self)
                guard text.hasPrefix("2") else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "custom says no")
                }
                return Date(timeIntervalSince1970: Double(text.count))
            },
        ]
        for strategy in strategies {
            for payload in payloads {
                assertSameDecoding(Dated.self, payload) {
                    $0.dateDecodingStrategy = strategy
                    $1.dateDecodingStrategy = strategy
                }
            }
        }
    }

    @Test func dataStrategies() {
        let payloads = [#"["aGk=",""]"#, #"[[104,105],[]]"#, #"["%%"]"#, #"[[256]]"#, #"[null]"#, #"[1]"#]
        let strategies: [JSONDecoder.DataDecodingStrategy] = [
            .base64, .deferredToData,
            .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                return Data(text.utf8.reversed())
            },
        ]
        for strategy in strategies {
            for payload in payloads {
                assertSameDecoding([Data].self, payload) {
                    $0.dataDecodingStrategy = strategy
                    $1.dataDecodingStrategy = strategy
                }
            }
        }
    }

    @Test(arguments: [
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"fooBar":1,"_leadingUnderscore":2,"trailingUnderscore_":3,"aB":4,"urlValue":5,"plain":6}"#,
        #"{"FOO_BAR":1,"__leading_underscore":2,"trailing_underscore__":3,"a_b":4,"URL_VALUE":5,"plain":6}"#,
        #"{"foo_bar":1,"fooBar":9,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"fooBar":9,"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"URLValue":5,"plain":6}"#,
        #"{"foo_bar":"1","_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":6}"#,
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5}"#,
        #"{"foo_bar":1,"_leading_underscore":2,"trailing_underscore_":3,"a__b":4,"url_value":5,"plain":null}"#,
        #"{"foo_bar":1,"___":2,"_":3,"a__b":4,"url_value":5,"plain":6,"_leadingUnderscore":2,"trailingUnderscore_":3}"#,
    ])
    func snakeCase(_ json: String) {
        for strategy in [JSONDecoder.KeyDecodingStrategy.useDefaultKeys, .convertFromSnakeCase] {
            assertSameDecoding(SnakeModel.self, json) {
                $0.keyDecodingStrategy = strategy
                $1.keyDecodingStrategy = strategy
            }
        }
    }

    /// Objects sharing a key sequence share its converted names (JSONKeyShapes): sequences
    /// interleaved, met again after others, the same keys in another order, names that collide
    /// after conversion (the first member wins), more sequences than are kept, and objects too
    /// large for a shape all decode as `JSONDecoder` decodes them.
    @Test func snakeCaseKeySequences() {
        let configure: (FastJSONDecoder, JSONDecoder) -> Void = {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        let keys = ["foo_bar", "_leading_underscore", "trailing_underscore_", "a__b", "url_value", "plain"]
        func object(_ order: [Int], extra: String = "") -> String {
            "{" + order.map { #""\#(keys[$0])":\#($0)"# }.joined(separator: ",") + extra + "}"
        }
        let forward = object([0, 1, 2, 3, 4, 5])
        let backward = object([5, 4, 3, 2, 1, 0])
        let collidingFirst = object([0, 1, 2, 3, 4, 5], extra: #","fooBar":9,"a_b":8"#)
        let collidingLast = #"{"fooBar":9,"a_b":8,"# + object([0, 1, 2, 3, 4, 5]).dropFirst()
        let sequences = [forward, backward, collidingFirst, forward, collidingLast, backward, forward]
        assertSameDecoding([SnakeModel].self, "[" + sequences.joined(separator: ",") + "]", configure: configure)
        // Forty sequences (more than the 32 kept), each twice, far apart.
        let many = (0..<40).map { object([0, 1, 2, 3, 4, 5], extra: #","extra_\#($0)":0"#) }
        assertSameDecoding([SnakeModel].self, "[" + (many + many).joined(separator: ",") + "]", configure: configure)
        // Seventy members: more than a shape takes.
        let large = object([0, 1, 2, 3, 4, 5], extra: (0..<64).map { #","pad_\#($0)":0"# }.joined())
        assertSameDecoding(
            [SnakeModel].self, "[" + [large, forward, large].joined(separator: ",") + "]", configure: configure)
        assertSameDecoding(
            [String: Int].self, #"{"a_b":1}"#, configure: configure)
        // A member missing from a sequence met before, and a wrong type after a shared one.
        assertSameDecoding(
            [SnakeModel].self, "[" + forward + "," + object([0, 1, 2, 3, 4]) + "]", configure: configure)
        assertSameDecoding(
            [SnakeModel].self,
            "[" + forward
                + #",{"foo_bar":"x","_leading_underscore":1,"trailing_underscore_":2,"a__b":3,"url_value":4,"plain":5}]"#,
            configure: configure)
    }

    @Test func snakeCaseLeavesStringKeyedDictionariesAlone() {
        let configure: (FastJSONDecoder, JSONDecoder) -> Void = {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        assertSameDecoding([String: Int].self, #"{"snake_key":1,"other_key":2}"#, configure: configure)
        assertSameDecoding([String: [String: Int]].self, #"{"a_b":{"c_d":1}}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"{"a_b":1,"c":"x"}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"{"a_b":1,"c":null}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"[1]"#, configure: configure)
        assertSameDecoding([String: Int].self, #"null"#, configure: configure)
        assertSameDecoding([Int: Int].self, #"{"1":1,"2":2}"#, configure: configure)
        assertSameDecoding([String: SnakeModel].self, #"{"k_k":{"foo_bar":1}}"#, configure: configure)
    }

    @Test func customKeyStrategy() {
        let strategy = JSONDecoder.KeyDecodingStrategy.custom { path in
            let last = path.last!
            if last.intValue != nil { return last }
            let depthMark = String(repeating: "x", count: path.count - 1)
            return FastCodingKeyForTests(stringValue: String(last.stringValue.dropFirst(depthMark.count)).uppercased())
        }
        let configure: (FastJSONDecoder, JSONDecoder) -> Void = {
            $0.keyDecodingStrategy = strategy
            $1.keyDecodingStrategy = strategy
        }
        struct Upper: Codable, Equatable {
            var NAME: String
            var INNER: Inner?
            struct Inner: Codable, Equatable { var VALUE: Int }
        }
        assertSameDecoding(Upper.self, #"{"name":"a","inner":{"xvalue":1}}"#, configure: configure)
        assertSameDecoding(Upper.self, #"{"name":"a","inner":{"value":1}}"#, configure: configure)
        assertSameDecoding(Upper.self, #"{"nAmE":"a","Name":"b"}"#, configure: configure)
        assertSameDecoding([String: Int].self, #"{"ab":1}"#, configure: configure)
    }
}
