import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions of the remaining date formats and modifiers, and of annotations combined.
@Suite("@JSONModel expansion: combinations")
struct JSONModelExpansionCombinationTests {
    @Test func remainingDateFormatsModifiersAndCombinations() {
        assertExpansion(
            #"""
            @JSONModel
            struct Mixed {
                @DateFormat(.iso8601) let a: Date
                @DateFormat(.iso8601WithFractionalSeconds) let b: Date
                @DateFormat(.rfc3339) let c: Date?
                @DateFormat(.secondsSince1970) @Lossless let d: Date
                @Key("views_count") @Lossless @Default(0) let views: Int
                @Lossy @Lossless let ids: Set<Int>
                @Lossy let scores: [String: Int]
                @Modify(.trimmedNilIfEmpty) let nickname: String?
                @Modify(.descending) let numbers: [Int]
                @Modify(.clamping(to: 1...5), .min(2), .max(4), .custom { $0 * 2 }) let stars: Int
                @Validate({ $0.count > 3 }) let code: String?
                @Default(1, onInvalid: true) @Validate({ $0 > 0 }) let positive: Int
            }
            """#,
            expandedSource: #"""
                struct Mixed {
                    let a: Date
                    let b: Date
                    let c: Date?
                    let d: Date
                    let views: Int
                    let ids: Set<Int>
                    let scores: [String: Int]
                    let nickname: String?
                    let numbers: [Int]
                    let stars: Int
                    let code: String?
                    let positive: Int
                }

                extension Mixed: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case a
                        case b
                        case c
                        case d
                        case views = "views_count"
                        case ids
                        case scores
                        case nickname
                        case numbers
                        case stars
                        case code
                        case positive
                    }

                    init(from decoder: any Decoder) throws {
                        if let document = JSONObjectReader(decoder) {
                            try self.init(document: document)
                        } else {
                            try self.init(coding: decoder)
                        }
                    }

                    private init(document: JSONObjectReader) throws {
                        let container = document
                        var failingProperty = 0
                        do {
                            self.a = try JSONDateFormat.iso8601.date(from: container.decode(String.self, forKey: "a"))
                            failingProperty = 1
                            self.b = try JSONDateFormat.iso8601WithFractionalSeconds.date(from: container.decode(String.self, forKey: "b"))
                            failingProperty = 2
                            self.c = try container.decodeIfPresent(String.self, forKey: "c").map {
                                try JSONDateFormat.rfc3339.date(from: $0)
                            }
                            failingProperty = 3
                            self.d = try JSONDateFormat.secondsSince1970.date(from: container.decode(JSONLossless<Double>.self, forKey: "d").value)
                            failingProperty = 4
                            self.views = try container.decodeIfPresent(JSONLossless<Int>.self, forKey: "views_count")?.value ?? 0
                            failingProperty = 5
                            self.ids = try container.decode(JSONLossyLossless<Set<Int>>.self, forKey: "ids").value
                            failingProperty = 6
                            self.scores = try container.decode(JSONLossy<[String: Int]>.self, forKey: "scores").value
                            failingProperty = 7
                            self.nickname = try JSONModelRuntime.apply(container.decodeIfPresent(String.self, forKey: "nickname"), .trimmedNilIfEmpty)
                            failingProperty = 8
                            self.numbers = try JSONModelRuntime.apply(container.decode([Int].self, forKey: "numbers"), .descending)
                            failingProperty = 9
                            self.stars = try JSONModelRuntime.apply(JSONModelRuntime.apply(JSONModelRuntime.apply(JSONModelRuntime.apply(container.decode(Int.self, forKey: "stars"), .clamping(to: 1 ... 5)), .min(2)), .max(4)), .custom {
                                    $0 * 2
                                })
                            failingProperty = 10
                            self.code = try JSONModelRuntime.validate(container.decodeIfPresent(String.self, forKey: "code"), {
                                    $0.count > 3
                                })
                            failingProperty = 11
                            self.positive = JSONModelRuntime.recovering(container) {
                                try JSONModelRuntime.validate(container.decodeIfPresent(Int.self, forKey: "positive"), {
                                        $0 > 0
                                    })
                            } ?? 1
                        } catch {
                            let properties: [(String, String, String)] = [("a", "a", "Date (.iso8601)"), ("b", "b", "Date (.iso8601WithFractionalSeconds)"), ("c", "c", "Date? (.rfc3339)"), ("d", "d", "Date (.secondsSince1970) (lossless)"), ("views", "views_count", "Int (lossless)"), ("ids", "ids", "Set<Int> (lossless) (lossy)"), ("scores", "scores", "[String: Int] (lossy)"), ("nickname", "nickname", "String?"), ("numbers", "numbers", "[Int]"), ("stars", "stars", "Int"), ("code", "code", "String?"), ("positive", "positive", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Mixed", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.a = try JSONDateFormat.iso8601.date(from: container.decode(String.self, forKey: .a))
                            failingProperty = 1
                            self.b = try JSONDateFormat.iso8601WithFractionalSeconds.date(from: container.decode(String.self, forKey: .b))
                            failingProperty = 2
                            self.c = try container.decodeIfPresent(String.self, forKey: .c).map {
                                try JSONDateFormat.rfc3339.date(from: $0)
                            }
                            failingProperty = 3
                            self.d = try JSONDateFormat.secondsSince1970.date(from: container.decode(JSONLossless<Double>.self, forKey: .d).value)
                            failingProperty = 4
                            self.views = try container.decodeIfPresent(JSONLossless<Int>.self, forKey: .views)?.value ?? 0
                            failingProperty = 5
                            self.ids = try container.decode(JSONLossyLossless<Set<Int>>.self, forKey: .ids).value
                            failingProperty = 6
                            self.scores = try container.decode(JSONLossy<[String: Int]>.self, forKey: .scores).value
                            failingProperty = 7
                            self.nickname = try JSONModelRuntime.apply(container.decodeIfPresent(String.self, forKey: .nickname), .trimmedNilIfEmpty)
                            failingProperty = 8
                            self.numbers = try JSONModelRuntime.apply(container.decode([Int].self, forKey: .numbers), .descending)
                            failingProperty = 9
                            self.stars = try JSONModelRuntime.apply(JSONModelRuntime.apply(JSONModelRuntime.apply(JSONModelRuntime.apply(container.decode(Int.self, forKey: .stars), .clamping(to: 1 ... 5)), .min(2)), .max(4)), .custom {
                                    $0 * 2
                                })
                            failingProperty = 10
                            self.code = try JSONModelRuntime.validate(container.decodeIfPresent(String.self, forKey: .code), {
                                    $0.count > 3
                                })
                            failingProperty = 11
                            self.positive = JSONModelRuntime.recovering(decoder) {
                                try JSONModelRuntime.validate(container.decodeIfPresent(Int.self, forKey: .positive), {
                                        $0 > 0
                                    })
                            } ?? 1
                        } catch {
                            let properties: [(String, String, String)] = [("a", "a", "Date (.iso8601)"), ("b", "b", "Date (.iso8601WithFractionalSeconds)"), ("c", "c", "Date? (.rfc3339)"), ("d", "d", "Date (.secondsSince1970) (lossless)"), ("views", "views_count", "Int (lossless)"), ("ids", "ids", "Set<Int> (lossless) (lossy)"), ("scores", "scores", "[String: Int] (lossy)"), ("nickname", "nickname", "String?"), ("numbers", "numbers", "[Int]"), ("stars", "stars", "Int"), ("code", "code", "String?"), ("positive", "positive", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Mixed", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    static func readJSONObject(_ reader: JSONObjectReader) throws -> Self {
                        try Self(document: reader)
                    }

                    func encode(to encoder: any Encoder) throws {
                        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
                            try encode(writer: writer)
                        } else {
                            try JSONModelRuntime.willEncode(self)
                            try encode(coding: encoder)
                        }
                    }

                    func encode(writer: JSONObjectWriter) throws {
                        try JSONModelRuntime.willEncode(self)
                        let container = writer.promisingDistinctKeys()
                        try container.encode(JSONDateFormat.iso8601.string(from: self.a), forKey: "a")
                        try container.encode(JSONDateFormat.iso8601WithFractionalSeconds.string(from: self.b), forKey: "b")
                        try container.encodeIfPresent(self.c.map {
                                JSONDateFormat.rfc3339.string(from: $0)
                            }, forKey: "c")
                        try container.encode(JSONDateFormat.secondsSince1970.number(from: self.d), forKey: "d")
                        try container.encode(self.views, forKey: "views_count")
                        try container.encode(self.ids, forKey: "ids")
                        try container.encode(self.scores, forKey: "scores")
                        try container.encodeIfPresent(self.nickname, forKey: "nickname")
                        try container.encode(self.numbers, forKey: "numbers")
                        try container.encode(self.stars, forKey: "stars")
                        try container.encodeIfPresent(self.code, forKey: "code")
                        try container.encode(self.positive, forKey: "positive")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(JSONDateFormat.iso8601.string(from: self.a), forKey: .a)
                        try container.encode(JSONDateFormat.iso8601WithFractionalSeconds.string(from: self.b), forKey: .b)
                        try container.encodeIfPresent(self.c.map {
                                JSONDateFormat.rfc3339.string(from: $0)
                            }, forKey: .c)
                        try container.encode(JSONDateFormat.secondsSince1970.number(from: self.d), forKey: .d)
                        try container.encode(self.views, forKey: .views)
                        try container.encode(self.ids, forKey: .ids)
                        try container.encode(self.scores, forKey: .scores)
                        try container.encodeIfPresent(self.nickname, forKey: .nickname)
                        try container.encode(self.numbers, forKey: .numbers)
                        try container.encode(self.stars, forKey: .stars)
                        try container.encodeIfPresent(self.code, forKey: .code)
                        try container.encode(self.positive, forKey: .positive)
                    }
                }
                """#)
    }
}
