import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions of the enum taggings of issue #19: external, adjacent, internal and untagged.
@Suite("@JSONModel expansion: enum tagging")
struct JSONModelExpansionTaggingTests {
    @Test func externalTagging() {
        assertExpansion(
            #"""
            @JSONModel(tagging: .external)
            enum Shape {
                case circle(radius: Double)
                case boxed(Circle)
                @Key("sq") @Key("s", for: "side") case square(side: Double)
                case point
            }
            """#,
            expandedSource: #"""
                enum Shape {
                    case circle(radius: Double)
                    case boxed(Circle)
                    case square(side: Double)
                    case point
                }

                extension Shape: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case radius
                        case s
                    }

                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: JSONModelKey.self)
                        let key = try JSONModelRuntime.singleKey(of: container, model: "Shape")
                        switch key.stringValue {
                        case "circle":
                            do {
                                let values = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)
                                self = .circle(radius: try values.decode(Double.self, forKey: .radius))
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Shape", property: "circle", keyPath: "", type: "case circle(radius: Double)", in: container)
                            }
                        case "boxed":
                            do {
                                self = .boxed(try container.decode(Circle.self, forKey: key))
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Shape", property: "boxed", keyPath: "", type: "case boxed(Circle)", in: container)
                            }
                        case "sq":
                            do {
                                let values = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)
                                self = .square(side: try values.decode(Double.self, forKey: .s))
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Shape", property: "square", keyPath: "", type: "case square(side: Double)", in: container)
                            }
                        case "point":
                            self = .point
                        default:
                            throw JSONModelRuntime.unknownCase(key.stringValue, model: "Shape", expected: ["circle", "boxed", "sq", "point"], codingPath: container.codingPath)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        var container = encoder.container(keyedBy: JSONModelKey.self)
                        switch self {
                        case .circle(let value0):
                            var values = container.nestedContainer(keyedBy: CodingKeys.self, forKey: JSONModelKey(stringValue: "circle"))
                            try values.encode(value0, forKey: .radius)
                        case .boxed(let value0):
                            try container.encode(value0, forKey: JSONModelKey(stringValue: "boxed"))
                        case .square(let value0):
                            var values = container.nestedContainer(keyedBy: CodingKeys.self, forKey: JSONModelKey(stringValue: "sq"))
                            try values.encode(value0, forKey: .s)
                        case .point:
                            _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: JSONModelKey(stringValue: "point"))
                        }
                    }
                }
                """#)
    }

    @Test func adjacentTagging() {
        assertExpansion(
            #"""
            @JSONModel(tagging: .adjacent(tag: "type", content: "value"))
            enum Event {
                case click(x: Int, y: Int?)
                case key(String)
                case idle
            }
            """#,
            expandedSource: #"""
                enum Event {
                    case click(x: Int, y: Int?)
                    case key(String)
                    case idle
                }

                extension Event: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case type
                        case value
                        case x
                        case y
                    }

                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        let tag = try container.decode(String.self, forKey: .type)
                        switch tag {
                        case "click":
                            do {
                                let values = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .value)
                                self = .click(x: try values.decode(Int.self, forKey: .x), y: try values.decodeIfPresent(Int.self, forKey: .y))
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Event", property: "click", keyPath: "", type: "case click(x: Int, y: Int?)", in: container)
                            }
                        case "key":
                            do {
                                self = .key(try container.decode(String.self, forKey: .value))
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Event", property: "key", keyPath: "", type: "case key(String)", in: container)
                            }
                        case "idle":
                            self = .idle
                        default:
                            throw JSONModelRuntime.unknownCase(tag, model: "Event", expected: ["click", "key", "idle"], codingPath: container.codingPath + [CodingKeys.type])
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        switch self {
                        case .click(let value0, let value1):
                            try container.encode("click", forKey: .type)
                            var values = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .value)
                            try values.encode(value0, forKey: .x)
                            try values.encodeIfPresent(value1, forKey: .y)
                        case .key(let value0):
                            try container.encode("key", forKey: .type)
                            try container.encode(value0, forKey: .value)
                        case .idle:
                            try container.encode("idle", forKey: .type)
                        }
                    }
                }
                """#)
    }

    @Test func untaggedAndInternalTagging() {
        assertExpansion(
            #"""
            @JSONModel(tagging: .untagged)
            enum Value {
                case pair(a: Int, b: Int)
                case number(Int)
                case none
            }
            """#,
            expandedSource: #"""
                enum Value {
                    case pair(a: Int, b: Int)
                    case number(Int)
                    case none
                }

                extension Value: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case a
                        case b
                    }

                    init(from decoder: any Decoder) throws {
                        self = try JSONModelRuntime.firstDecoding(decoder, model: "Value", [
                                ("pair", { (decoder: any Decoder) throws -> Value in
                                        let values = try decoder.container(keyedBy: CodingKeys.self)
                                        return .pair(a: try values.decode(Int.self, forKey: .a), b: try values.decode(Int.self, forKey: .b))
                                    }),
                                ("number", { (decoder: any Decoder) throws -> Value in
                                        .number(try decoder.singleValueContainer().decode(Int.self))
                                    }),
                                ("none", { (decoder: any Decoder) throws -> Value in
                                        try JSONModelRuntime.expectTag("none", in: decoder)
                                        return .none
                                    }),
                            ])
                        try JSONModelRuntime.didDecode(&self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        switch self {
                        case .pair(let value0, let value1):
                            var values = encoder.container(keyedBy: CodingKeys.self)
                            try values.encode(value0, forKey: .a)
                            try values.encode(value1, forKey: .b)
                        case .number(let value0):
                            var single = encoder.singleValueContainer()
                            try single.encode(value0)
                        case .none:
                            var single = encoder.singleValueContainer()
                            try single.encode("none")
                        }
                    }
                }
                """#)
    }
}
