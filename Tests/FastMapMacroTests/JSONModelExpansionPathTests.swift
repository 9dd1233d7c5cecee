import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Key paths that share a prefix: siblings under one nested container, as the Codable route
/// writes them by hand.
@Suite("@JSONModel expansion: sibling key paths")
struct JSONModelExpansionPathTests {
    @Test func siblingPathsShareNestedContainers() {
        assertExpansion(
            #"""
            @JSONModel
            struct Mixed {
                @Key("a.b.c") let deep: Int
                @Key("a.b.d") @Default(0, onInvalid: true) let lenient: Int
                @Key("x.y") @Default(1, onInvalid: true) let onlyLenient: Int
            }
            """#,
            expandedSource: #"""
                struct Mixed {
                    let deep: Int
                    let lenient: Int
                    let onlyLenient: Int
                }

                extension Mixed: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case a
                        case b
                        case c
                        case d
                        case x
                        case y
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
                            let nested1 = try container.nestedIfPresent(forKey: "a")
                            let nested2 = try nested1?.nestedIfPresent(forKey: "b")
                            self.deep = try (nested2?.decode(Int.self, forKey: "c") ?? container.decode(Int.self, at: [.key("a"), .key("b"), .key("c")]))
                            failingProperty = 1
                            self.lenient = JSONModelRuntime.recovering(container) {
                                try nested2?.decodeIfPresent(Int.self, forKey: "d")
                            } ?? 0
                            failingProperty = 2
                            let nested3 = JSONModelRuntime.recovering(container) {
                                try container.nestedIfPresent(forKey: "x")
                            }
                            self.onlyLenient = JSONModelRuntime.recovering(container) {
                                try nested3?.decodeIfPresent(Int.self, forKey: "y")
                            } ?? 1
                        } catch {
                            let properties: [(String, String, String)] = [("deep", "a.b.c", "Int"), ("lenient", "a.b.d", "Int"), ("onlyLenient", "x.y", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Mixed", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        let reader = JSONModelReader(container, decoder: decoder)
                        var failingProperty = 0
                        do {
                            let nested1 = try reader.nestedIfPresent(forKey: .a)
                            let nested2 = try nested1?.nestedIfPresent(forKey: .b)
                            self.deep = try (nested2?.decode(Int.self, forKey: .c) ?? reader.decode(Int.self, at: [.key(.a), .key(.b), .key(.c)]))
                            failingProperty = 1
                            self.lenient = JSONModelRuntime.recovering(decoder) {
                                try nested2?.decodeIfPresent(Int.self, forKey: .d)
                            } ?? 0
                            failingProperty = 2
                            let nested3 = JSONModelRuntime.recovering(decoder) {
                                try reader.nestedIfPresent(forKey: .x)
                            }
                            self.onlyLenient = JSONModelRuntime.recovering(decoder) {
                                try nested3?.decodeIfPresent(Int.self, forKey: .y)
                            } ?? 1
                        } catch {
                            let properties: [(String, String, String)] = [("deep", "a.b.c", "Int"), ("lenient", "a.b.d", "Int"), ("onlyLenient", "x.y", "Int")]
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
                        let nested1 = container.nestedContainer(forKey: "a")
                        let nested2 = nested1.nestedContainer(forKey: "b")
                        try nested2.encode(self.deep, forKey: "c")
                        try nested2.encode(self.lenient, forKey: "d")
                        let nested3 = container.nestedContainer(forKey: "x")
                        try nested3.encode(self.onlyLenient, forKey: "y")
                    }

                    private func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        var nested1 = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
                        var nested2 = nested1.nestedContainer(keyedBy: CodingKeys.self, forKey: .b)
                        try nested2.encode(self.deep, forKey: .c)
                        try nested2.encode(self.lenient, forKey: .d)
                        var nested3 = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .x)
                        try nested3.encode(self.onlyLenient, forKey: .y)
                    }
                }
                """#)
    }
}
