import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions of the annotations that shape encoding (encode-nil, transforms, ignored properties)
/// and of constants, compared with the code they must produce.
@Suite("@JSONModel expansion: encode-nil, transforms, ignores")
struct JSONModelExpansionEncodingTests {
    @Test func encodeNilTransformIgnoreAndConstants() {
        assertExpansion(
            #"""
            @JSONModel
            struct Profile {
                @EncodeNil let nickname: String?
                @Transform(URLFromString.self) let homepage: URL
                @Ignore var cache: [String: Int] = [:]
                let version = 2
                var computed: Int { 1 }
                static let shared = 0
            }
            """#,
            expandedSource: #"""
                struct Profile {
                    let nickname: String?
                    let homepage: URL
                    var cache: [String: Int] = [:]
                    let version = 2
                    var computed: Int { 1 }
                    static let shared = 0
                }

                extension Profile: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case nickname
                        case homepage
                        case version
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
                            self.nickname = try container.decodeIfPresent(String.self, forKey: "nickname")
                            failingProperty = 1
                            self.homepage = try URLFromString.decode(container.decode(URLFromString.JSONValue.self, forKey: "homepage"))
                        } catch {
                            let properties: [(String, String, String)] = [("nickname", "nickname", "String?"), ("homepage", "homepage", "URL (via URLFromString)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Profile", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.nickname = try container.decodeIfPresent(String.self, forKey: .nickname)
                            failingProperty = 1
                            self.homepage = try URLFromString.decode(container.decode(URLFromString.JSONValue.self, forKey: .homepage))
                        } catch {
                            let properties: [(String, String, String)] = [("nickname", "nickname", "String?"), ("homepage", "homepage", "URL (via URLFromString)")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Profile", property: property, keyPath: keyPath, type: type, in: container)
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
                        try container.encode(self.nickname, forKey: "nickname")
                        try container.encode(try URLFromString.encode(self.homepage), forKey: "homepage")
                        try container.encode(self.version, forKey: "version")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.nickname, forKey: .nickname)
                        try container.encode(try URLFromString.encode(self.homepage), forKey: .homepage)
                        try container.encode(self.version, forKey: .version)
                    }
                }
                """#)
    }
}
