import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions of the value annotations (lossless, lossy, date formats, modifiers, validation),
/// compared with the code they must produce; encode-nil, transforms, ignored properties and
/// constants are in `JSONModelExpansionEncodingTests`.
@Suite("@JSONModel expansion: value annotations")
struct JSONModelExpansionValueTests {
    @Test func losslessAndLossy() {
        assertExpansion(
            #"""
            @JSONModel
            struct Values {
                @Lossless let social: String
                @Lossy let tags: [String]
                @Lossy @Lossless let counts: Set<Int>?
            }
            """#,
            expandedSource: #"""
                struct Values {
                    let social: String
                    let tags: [String]
                    let counts: Set<Int>?
                }

                extension Values: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case social
                        case tags
                        case counts
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
                            self.social = try container.decode(JSONLossless<String>.self, forKey: "social").value
                            failingProperty = 1
                            self.tags = try container.decode(JSONLossy<[String]>.self, forKey: "tags").value
                            failingProperty = 2
                            self.counts = try container.decodeIfPresent(JSONLossyLossless<Set<Int>>.self, forKey: "counts")?.value
                        } catch {
                            let properties: [(String, String, String)] = [("social", "social", "String (lossless)"), ("tags", "tags", "[String] (lossy)"), ("counts", "counts", "Set<Int>? (lossless) (lossy)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Values", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.social = try container.decode(JSONLossless<String>.self, forKey: .social).value
                            failingProperty = 1
                            self.tags = try container.decode(JSONLossy<[String]>.self, forKey: .tags).value
                            failingProperty = 2
                            self.counts = try container.decodeIfPresent(JSONLossyLossless<Set<Int>>.self, forKey: .counts)?.value
                        } catch {
                            let properties: [(String, String, String)] = [("social", "social", "String (lossless)"), ("tags", "tags", "[String] (lossy)"), ("counts", "counts", "Set<Int>? (lossless) (lossy)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Values", property: property, keyPath: keyPath, type: type, in: container)
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
                        try container.encode(self.social, forKey: "social")
                        try container.encode(self.tags, forKey: "tags")
                        try container.encodeIfPresent(self.counts, forKey: "counts")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.social, forKey: .social)
                        try container.encode(self.tags, forKey: .tags)
                        try container.encodeIfPresent(self.counts, forKey: .counts)
                    }
                }
                """#)
    }

    @Test func dateFormats() {
        assertExpansion(
            #"""
            @JSONModel
            struct Dates {
                @DateFormat(.rfc2822) let createdAt: Date
                @DateFormat(.millisecondsSince1970) var seen: Date?
                @DateFormat(.format("y-MM-dd")) let day: Date
                @DateFormat(.custom(MyDates.self)) let custom: Date
            }
            """#,
            expandedSource: #"""
                struct Dates {
                    let createdAt: Date
                    var seen: Date?
                    let day: Date
                    let custom: Date
                }

                extension Dates: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case createdAt
                        case seen
                        case day
                        case custom
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
                            self.createdAt = try JSONDateFormat.rfc2822.date(from: container.decode(String.self, forKey: "createdAt"))
                            failingProperty = 1
                            self.seen = try container.decodeIfPresent(Double.self, forKey: "seen").map {
                                try JSONDateFormat.millisecondsSince1970.date(from: $0)
                            }
                            failingProperty = 2
                            self.day = try JSONDateFormat.format("y-MM-dd").date(from: container.decode(String.self, forKey: "day"))
                            failingProperty = 3
                            self.custom = try MyDates.date(from: container.decode(MyDates.JSONValue.self, forKey: "custom"))
                        } catch {
                            let properties: [(String, String, String)] = [("createdAt", "createdAt", "Date (.rfc2822)"), ("seen", "seen", "Date? (.millisecondsSince1970)"), ("day", "day", "Date (.format(\"y-MM-dd\"))"), ("custom", "custom", "Date (MyDates)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Dates", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.createdAt = try JSONDateFormat.rfc2822.date(from: container.decode(String.self, forKey: .createdAt))
                            failingProperty = 1
                            self.seen = try container.decodeIfPresent(Double.self, forKey: .seen).map {
                                try JSONDateFormat.millisecondsSince1970.date(from: $0)
                            }
                            failingProperty = 2
                            self.day = try JSONDateFormat.format("y-MM-dd").date(from: container.decode(String.self, forKey: .day))
                            failingProperty = 3
                            self.custom = try MyDates.date(from: container.decode(MyDates.JSONValue.self, forKey: .custom))
                        } catch {
                            let properties: [(String, String, String)] = [("createdAt", "createdAt", "Date (.rfc2822)"), ("seen", "seen", "Date? (.millisecondsSince1970)"), ("day", "day", "Date (.format(\"y-MM-dd\"))"), ("custom", "custom", "Date (MyDates)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Dates", property: property, keyPath: keyPath, type: type, in: container)
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
                        try container.encode(JSONDateFormat.rfc2822.string(from: self.createdAt), forKey: "createdAt")
                        try container.encodeIfPresent(self.seen.map {
                                JSONDateFormat.millisecondsSince1970.number(from: $0)
                            }, forKey: "seen")
                        try container.encode(JSONDateFormat.format("y-MM-dd").string(from: self.day), forKey: "day")
                        try container.encode(try MyDates.jsonValue(for: self.custom), forKey: "custom")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(JSONDateFormat.rfc2822.string(from: self.createdAt), forKey: .createdAt)
                        try container.encodeIfPresent(self.seen.map {
                                JSONDateFormat.millisecondsSince1970.number(from: $0)
                            }, forKey: .seen)
                        try container.encode(JSONDateFormat.format("y-MM-dd").string(from: self.day), forKey: .day)
                        try container.encode(try MyDates.jsonValue(for: self.custom), forKey: .custom)
                    }
                }
                """#)
    }

    @Test func modifiersAndValidation() {
        assertExpansion(
            #"""
            @JSONModel
            struct Post {
                @Modify(.trimmed) let title: String
                @Modify(.ascending(by: \.id)) let people: [Person]
                @Validate({ $0 > 500 }) let width: Int
            }
            """#,
            expandedSource: #"""
                struct Post {
                    let title: String
                    let people: [Person]
                    let width: Int
                }

                extension Post: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case title
                        case people
                        case width
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
                            self.title = try JSONModelRuntime.apply(container.decode(String.self, forKey: "title"), .trimmed)
                            failingProperty = 1
                            self.people = try JSONModelRuntime.apply(container.decode([Person].self, forKey: "people"), .ascending(by: \.id))
                            failingProperty = 2
                            self.width = try JSONModelRuntime.validate(container.decode(Int.self, forKey: "width"), {
                                    $0 > 500
                                })
                        } catch {
                            let properties: [(String, String, String)] = [("title", "title", "String"), ("people", "people", "[Person]"), ("width", "width", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Post", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.title = try JSONModelRuntime.apply(container.decode(String.self, forKey: .title), .trimmed)
                            failingProperty = 1
                            self.people = try JSONModelRuntime.apply(container.decode([Person].self, forKey: .people), .ascending(by: \.id))
                            failingProperty = 2
                            self.width = try JSONModelRuntime.validate(container.decode(Int.self, forKey: .width), {
                                    $0 > 500
                                })
                        } catch {
                            let properties: [(String, String, String)] = [("title", "title", "String"), ("people", "people", "[Person]"), ("width", "width", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Post", property: property, keyPath: keyPath, type: type, in: container)
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
                        try container.encode(self.title, forKey: "title")
                        try container.encode(self.people, forKey: "people")
                        try container.encode(self.width, forKey: "width")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.title, forKey: .title)
                        try container.encode(self.people, forKey: .people)
                        try container.encode(self.width, forKey: .width)
                    }
                }
                """#)
    }
}
