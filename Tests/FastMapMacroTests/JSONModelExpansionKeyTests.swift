import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions of plain properties, keys, nested key paths and defaults, compared with the code
/// they must produce.
@Suite("@JSONModel expansion: keys, paths and defaults")
struct JSONModelExpansionKeyTests {
    @Test func plainPropertiesExpandLikeSynthesizedCodable() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                let id: Int
                var name: String?
            }
            """#,
            expandedSource: #"""
                struct User {
                    let id: Int
                    var name: String?
                }

                extension User: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case id
                        case name
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
                            self.id = try container.decode(Int.self, forKey: "id")
                            failingProperty = 1
                            self.name = try container.decodeIfPresent(String.self, forKey: "name")
                        } catch {
                            let properties: [(String, String, String)] = [("id", "id", "Int"), ("name", "name", "String?")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "User", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.id = try container.decode(Int.self, forKey: .id)
                            failingProperty = 1
                            self.name = try container.decodeIfPresent(String.self, forKey: .name)
                        } catch {
                            let properties: [(String, String, String)] = [("id", "id", "Int"), ("name", "name", "String?")]
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
                        try container.encode(self.id, forKey: "id")
                        try container.encodeIfPresent(self.name, forKey: "name")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.id, forKey: .id)
                        try container.encodeIfPresent(self.name, forKey: .name)
                    }
                }
                """#)
    }

    @Test func keysAndNestedPaths() {
        assertExpansion(
            #"""
            @JSONModel
            struct User {
                @Key("first_name") let firstName: String
                @Key("address.zipCode") let zipCode: Int
                @Key("a", "b", 0) let first: String?
                @Key("items[1].id") let secondID: Int
            }
            """#,
            expandedSource: #"""
                struct User {
                    let firstName: String
                    let zipCode: Int
                    let first: String?
                    let secondID: Int
                }

                extension User: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case firstName = "first_name"
                        case address
                        case zipCode
                        case a
                        case b
                        case items
                        case id
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
                            self.firstName = try container.decode(String.self, forKey: "first_name")
                            failingProperty = 1
                            let nested1 = try container.nestedIfPresent(forKey: "address")
                            self.zipCode = try (nested1?.decode(Int.self, forKey: "zipCode") ?? container.decode(Int.self, at: [.key("address"), .key("zipCode")]))
                            failingProperty = 2
                            self.first = try container.decodeIfPresent(String.self, at: [.key("a"), .key("b"), .index(0)])
                            failingProperty = 3
                            self.secondID = try container.decode(Int.self, at: [.key("items"), .index(1), .key("id")])
                        } catch {
                            let properties: [(String, String, String)] = [("firstName", "first_name", "String"), ("zipCode", "address.zipCode", "Int"), ("first", "a.b[0]", "String?"), ("secondID", "items[1].id", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "User", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        let reader = JSONModelReader(container, decoder: decoder)
                        var failingProperty = 0
                        do {
                            self.firstName = try container.decode(String.self, forKey: .firstName)
                            failingProperty = 1
                            let nested1 = try reader.nestedIfPresent(forKey: .address)
                            self.zipCode = try (nested1?.decode(Int.self, forKey: .zipCode) ?? reader.decode(Int.self, at: [.key(.address), .key(.zipCode)]))
                            failingProperty = 2
                            self.first = try reader.decodeIfPresent(String.self, at: [.key(.a), .key(.b), .index(0)])
                            failingProperty = 3
                            self.secondID = try reader.decode(Int.self, at: [.key(.items), .index(1), .key(.id)])
                        } catch {
                            let properties: [(String, String, String)] = [("firstName", "first_name", "String"), ("zipCode", "address.zipCode", "Int"), ("first", "a.b[0]", "String?"), ("secondID", "items[1].id", "Int")]
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
                        try container.encode(self.firstName, forKey: "first_name")
                        let nested1 = container.nestedContainer(forKey: "address")
                        try nested1.encode(self.zipCode, forKey: "zipCode")
                        let nested2 = container.nestedContainer(forKey: "a")
                        var nested3 = nested2.nestedUnkeyedContainer(forKey: "b")
                        try nested3.encode(self.first)
                        var nested4 = container.nestedUnkeyedContainer(forKey: "items")
                        try nested4.encodeNil()
                        var nested5 = nested4.nestedContainer(keyedBy: CodingKeys.self)
                        try nested5.encode(self.secondID, forKey: .id)
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.firstName, forKey: .firstName)
                        var nested1 = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .address)
                        try nested1.encode(self.zipCode, forKey: .zipCode)
                        var nested2 = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
                        var nested3 = nested2.nestedUnkeyedContainer(forKey: .b)
                        try nested3.encode(self.first)
                        var nested4 = container.nestedUnkeyedContainer(forKey: .items)
                        try nested4.encodeNil()
                        var nested5 = nested4.nestedContainer(keyedBy: CodingKeys.self)
                        try nested5.encode(self.secondID, forKey: .id)
                    }
                }
                """#)
    }

    @Test func defaults() {
        assertExpansion(
            #"""
            @JSONModel
            struct Settings {
                @Default("+1 123456789") let phone: String
                @Default(0, onInvalid: true) let views: Int
                @Default("x") var nickname: String?
            }
            """#,
            expandedSource: #"""
                struct Settings {
                    let phone: String
                    let views: Int
                    var nickname: String?
                }

                extension Settings: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case phone
                        case views
                        case nickname
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
                            self.phone = try container.decodeIfPresent(String.self, forKey: "phone") ?? "+1 123456789"
                            failingProperty = 1
                            self.views = JSONModelRuntime.recovering(container) {
                                try container.decodeIfPresent(Int.self, forKey: "views")
                            } ?? 0
                            failingProperty = 2
                            self.nickname = try container.decodeIfPresent(String.self, forKey: "nickname") ?? "x"
                        } catch {
                            let properties: [(String, String, String)] = [("phone", "phone", "String"), ("views", "views", "Int"), ("nickname", "nickname", "String?")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Settings", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.phone = try container.decodeIfPresent(String.self, forKey: .phone) ?? "+1 123456789"
                            failingProperty = 1
                            self.views = JSONModelRuntime.recovering(decoder) {
                                try container.decodeIfPresent(Int.self, forKey: .views)
                            } ?? 0
                            failingProperty = 2
                            self.nickname = try container.decodeIfPresent(String.self, forKey: .nickname) ?? "x"
                        } catch {
                            let properties: [(String, String, String)] = [("phone", "phone", "String"), ("views", "views", "Int"), ("nickname", "nickname", "String?")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Settings", property: property, keyPath: keyPath, type: type, in: container)
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
                        try container.encode(self.phone, forKey: "phone")
                        try container.encode(self.views, forKey: "views")
                        try container.encodeIfPresent(self.nickname, forKey: "nickname")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.phone, forKey: .phone)
                        try container.encode(self.views, forKey: .views)
                        try container.encodeIfPresent(self.nickname, forKey: .nickname)
                    }
                }
                """#)
    }
}
