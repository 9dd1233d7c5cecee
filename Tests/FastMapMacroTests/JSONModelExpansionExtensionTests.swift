import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions of the issue #19 annotations: aliases, encode keys, naming rules, one-way ignores,
/// flattening, root paths and JSON in strings (the enum taggings are in
/// `JSONModelExpansionTaggingTests`).
@Suite("@JSONModel expansion: aliases, naming rules, flatten, root")
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

                extension User: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
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

                extension Message: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
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

                extension Marker: Decodable, Encodable, JSONObjectDecodable {
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

                    static func readJSONObject(_ reader: JSONObjectReader) throws -> Self {
                        try Self(document: reader)
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

                    static func readJSONObject(_ reader: JSONObjectReader) throws -> Self {
                        try Self(document: reader)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        let encoder = JSONModelRuntime.encoder(encoder, at: ["data", "user"])
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.id, forKey: .id)
                    }
                }

                extension User: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {

                }
                """#)
    }
}
