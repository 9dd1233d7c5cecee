import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions of the issue #19 annotations: aliases, encode keys, naming rules, one-way ignores,
/// flattening, root paths, JSON in strings and the enum taggings.
@Suite("@JSONModel expansion: aliases, naming rules, flatten, root, tagging")
struct JSONModelExpansionExtensionTests {
    @Test func aliasesEncodeKeyAndNamingRule() {
        assertExpansion(
            #"""
            @JSONModel(keys: .snakeCase)
            struct User {
                @DecodeAlias("identifier", "uid", "user_id") let userID: Int
                @EncodeKey("displayName") var fullName: String
                @Key("Nick") var nick: String?
            }
            """#,
            expandedSource: #"""
                struct User {
                    let userID: Int
                    var fullName: String
                    var nick: String?
                }

                extension User: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case userID = "user_id"
                        case fullName = "full_name"
                        case nick = "Nick"
                        case identifier
                        case uid
                        case displayName
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
                            self.userID = try container.decode(Int.self, forKey: JSONModelRuntime.key("user_id", or: ["identifier", "uid"], in: container))
                            failingProperty = 1
                            self.fullName = try container.decode(String.self, forKey: "full_name")
                            failingProperty = 2
                            self.nick = try container.decodeIfPresent(String.self, forKey: "Nick")
                        } catch {
                            let properties: [(String, String, String)] = [("userID", "user_id", "Int"), ("fullName", "full_name", "String"), ("nick", "Nick", "String?")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "User", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.userID = try container.decode(Int.self, forKey: JSONModelRuntime.key(.userID, or: [.identifier, .uid], in: container))
                            failingProperty = 1
                            self.fullName = try container.decode(String.self, forKey: .fullName)
                            failingProperty = 2
                            self.nick = try container.decodeIfPresent(String.self, forKey: .nick)
                        } catch {
                            let properties: [(String, String, String)] = [("userID", "user_id", "Int"), ("fullName", "full_name", "String"), ("nick", "Nick", "String?")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "User", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
                            try encode(writer: writer)
                        } else {
                            try encode(coding: encoder)
                        }
                    }

                    private func encode(writer: JSONObjectWriter) throws {
                        let container = writer
                        try container.encode(self.userID, forKey: "user_id")
                        try container.encode(self.fullName, forKey: "displayName")
                        try container.encodeIfPresent(self.nick, forKey: "Nick")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.userID, forKey: .userID)
                        try container.encode(self.fullName, forKey: .displayName)
                        try container.encodeIfPresent(self.nick, forKey: .nick)
                    }
                }
                """#)
    }

    @Test func oneWayIgnoresFlattenAndJSONString() {
        assertExpansion(
            #"""
            @JSONModel
            struct Message {
                @Ignore(.decoding) var version: Int = 2
                @Ignore(.encoding) var secret: String
                @Flatten var address: Address
                @JSONString var payload: Payload?
            }
            """#,
            expandedSource: #"""
                struct Message {
                    var version: Int = 2
                    var secret: String
                    var address: Address
                    var payload: Payload?
                }

                extension Message: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case version
                        case secret
                        case payload
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
                            self.secret = try container.decode(String.self, forKey: "secret")
                            failingProperty = 1
                            self.address = try container.decodeFlattened(Address.self)
                            failingProperty = 2
                            self.payload = try container.decodeIfPresent(JSONStringEncoded<Payload>.self, forKey: "payload")?.value
                        } catch {
                            let properties: [(String, String, String)] = [("secret", "secret", "String"), ("address", "", "Address"), ("payload", "payload", "Payload? (JSON in a string)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Message", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.secret = try container.decode(String.self, forKey: .secret)
                            failingProperty = 1
                            self.address = try JSONModelRuntime.decodeFlattened(Address.self, from: decoder)
                            failingProperty = 2
                            self.payload = try container.decodeIfPresent(JSONStringEncoded<Payload>.self, forKey: .payload)?.value
                        } catch {
                            let properties: [(String, String, String)] = [("secret", "secret", "String"), ("address", "", "Address"), ("payload", "payload", "Payload? (JSON in a string)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Message", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
                            try encode(writer: writer)
                        } else {
                            try encode(coding: encoder)
                        }
                    }

                    private func encode(writer: JSONObjectWriter) throws {
                        let container = writer
                        try container.encode(self.version, forKey: "version")
                        try container.encodeIfPresent(self.payload.map(JSONStringEncoded.init), forKey: "payload")
                        try writer.encodeFlattened(self.address)
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.version, forKey: .version)
                        try container.encodeIfPresent(self.payload.map(JSONStringEncoded.init), forKey: .payload)
                        try self.address.encode(to: encoder)
                    }
                }
                """#)
    }

    @Test func rootWithNothingToRead() {
        assertExpansion(
            #"""
            @JSONModel(root: "meta")
            struct Marker {
                @Ignore var seen = true
            }
            """#,
            expandedSource: #"""
                struct Marker {
                    var seen = true
                }

                extension Marker: Decodable, Encodable {
                    enum CodingKeys: CodingKey {
                    }

                    init(from decoder: any Decoder) throws {
                        if let document = JSONObjectReader(decoder) {
                            try self.init(document: document)
                        } else {
                            try self.init(coding: decoder)
                        }
                    }

                    private init(document: JSONObjectReader) throws {
                        _ = try document.descending(into: ["meta"])
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let decoder = try JSONModelRuntime.decoder(decoder, at: ["meta"])
                        _ = try decoder.container(keyedBy: CodingKeys.self)
                        try JSONModelRuntime.didDecode(&self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        let encoder = JSONModelRuntime.encoder(encoder, at: ["meta"])
                        _ = encoder.container(keyedBy: CodingKeys.self)
                    }
                }
                """#)
    }

    @Test func rootOnAFinalClass() {
        assertExpansion(
            #"""
            @JSONModel(root: "data.user")
            final class User {
                let id: Int
            }
            """#,
            expandedSource: #"""
                final class User {
                    let id: Int

                    enum CodingKeys: String, CodingKey {
                        case id
                    }

                    required convenience init(from decoder: any Decoder) throws {
                        if let document = JSONObjectReader(decoder) {
                            try self.init(document: document)
                        } else {
                            try self.init(coding: decoder)
                        }
                    }

                    private init(document: JSONObjectReader) throws {
                        let container = try document.descending(into: ["data", "user"])
                        do {
                            self.id = try container.decode(Int.self, forKey: "id")
                        } catch {
                            let (property, keyPath, type) = ("id", "id", "Int")
                            throw JSONModelRuntime.decodingFailure(error, model: "User", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(object: self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let decoder = try JSONModelRuntime.decoder(decoder, at: ["data", "user"])
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        do {
                            self.id = try container.decode(Int.self, forKey: .id)
                        } catch {
                            let (property, keyPath, type) = ("id", "id", "Int")
                            throw JSONModelRuntime.decodingFailure(error, model: "User", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(object: self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        let encoder = JSONModelRuntime.encoder(encoder, at: ["data", "user"])
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.id, forKey: .id)
                    }
                }

                extension User: Decodable, Encodable {

                }
                """#)
    }

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
