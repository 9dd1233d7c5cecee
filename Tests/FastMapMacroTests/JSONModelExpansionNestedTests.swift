import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A model nested in another type: the names its properties and annotations use are aliased in
/// its body (where they resolve as the user meant) and the extension's code names the aliases.
@Suite("@JSONModel expansion: nested types")
struct JSONModelExpansionNestedTests {
    @Test func nestedStructAliasesItsTypeNames() {
        assertExpansion(
            #"""
            enum Outer {
                @JSONModel
                struct Inner {
                    var kind: Kind
                    @Default(Kind.a) var other: Kind?
                    var count: Int
                }
            }
            """#,
            expandedSource: #"""
                enum Outer {
                    struct Inner {
                        var kind: Kind
                        var other: Kind?
                        var count: Int

                        private enum _JSONModelScope {
                            typealias Kind_ = Kind
                        }
                    }
                }

                extension Outer.Inner: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case kind
                        case other
                        case count
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
                            self.kind = try container.decode(_JSONModelScope.Kind_.self, forKey: "kind")
                            failingProperty = 1
                            self.other = try container.decodeIfPresent(_JSONModelScope.Kind_.self, forKey: "other") ?? _JSONModelScope.Kind_.a
                            failingProperty = 2
                            self.count = try container.decode(Int.self, forKey: "count")
                        } catch {
                            let properties: [(String, String, String)] = [("kind", "kind", "Kind"), ("other", "other", "Kind?"), ("count", "count", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Inner", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.kind = try container.decode(_JSONModelScope.Kind_.self, forKey: .kind)
                            failingProperty = 1
                            self.other = try container.decodeIfPresent(_JSONModelScope.Kind_.self, forKey: .other) ?? _JSONModelScope.Kind_.a
                            failingProperty = 2
                            self.count = try container.decode(Int.self, forKey: .count)
                        } catch {
                            let properties: [(String, String, String)] = [("kind", "kind", "Kind"), ("other", "other", "Kind?"), ("count", "count", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Inner", property: property, keyPath: keyPath, type: type, in: container)
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
                        try container.encode(self.kind, forKey: "kind")
                        try container.encodeIfPresent(self.other, forKey: "other")
                        try container.encode(self.count, forKey: "count")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.kind, forKey: .kind)
                        try container.encodeIfPresent(self.other, forKey: .other)
                        try container.encode(self.count, forKey: .count)
                    }
                }
                """#)
    }
}
