import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expansions per kind of type (public root classes, subclasses, discriminated enums, global
/// actors), compared with the code they must produce.
@Suite("@JSONModel expansion: kinds of type")
struct JSONModelExpansionTypeTests {
    @Test func publicRootClass() {
        assertExpansion(
            #"""
            @JSONModel
            public class Animal {
                public var name: String
            }
            """#,
            expandedSource: #"""
                public class Animal {
                    public var name: String

                    enum CodingKeys: String, CodingKey {
                        case name
                    }

                    public required init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        do {
                            self.name = try container.decode(String.self, forKey: .name)
                        } catch {
                            let (property, keyPath, type) = ("name", "name", "String")
                            throw JSONModelRuntime.decodingFailure(error, model: "Animal", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(object: self)
                    }

                    public func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.name, forKey: .name)
                    }
                }

                extension Animal: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {

                }
                """#)
    }

    @Test func subclassCallsSuperclassCoders() {
        assertExpansion(
            #"""
            @JSONModel
            final class Dog: Animal {
                var legs: Int
            }
            """#,
            expandedSource: #"""
                final class Dog: Animal {
                    var legs: Int

                    enum CodingKeys: String, CodingKey {
                        case legs
                    }

                    required init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        do {
                            self.legs = try container.decode(Int.self, forKey: .legs)
                        } catch {
                            let (property, keyPath, type) = ("legs", "legs", "Int")
                            throw JSONModelRuntime.decodingFailure(error, model: "Dog", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try super.init(from: decoder)
                        try JSONModelRuntime.didDecode(object: self)
                    }

                    override func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        try super.encode(to: encoder)
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.legs, forKey: .legs)
                    }
                }

                extension Dog: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {

                }
                """#)
    }

    @Test func discriminatedEnum() {
        assertExpansion(
            #"""
            @JSONModel(discriminator: "type")
            enum Shape {
                case circle(Circle)
                case rectangle(width: Double, height: Double?)
                @Key("sq") case square(side: Double = 1)
                case point
            }
            """#,
            expandedSource: #"""
                enum Shape {
                    case circle(Circle)
                    case rectangle(width: Double, height: Double?)
                    case square(side: Double = 1)
                    case point
                }

                extension Shape: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case type
                        case width
                        case height
                        case side
                    }

                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        let tag = try container.decode(String.self, forKey: .type)
                        switch tag {
                        case "circle":
                            do {
                                self = .circle(try decoder.singleValueContainer().decode(Circle.self))
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Shape", property: "circle", keyPath: "", type: "case circle(Circle)", in: container)
                            }
                        case "rectangle":
                            do {
                                self = .rectangle(width: try container.decode(Double.self, forKey: .width), height: try container.decodeIfPresent(Double.self, forKey: .height))
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Shape", property: "rectangle", keyPath: "", type: "case rectangle(width: Double, height: Double?)", in: container)
                            }
                        case "sq":
                            do {
                                self = .square(side: try container.decodeIfPresent(Double.self, forKey: .side) ?? 1)
                            } catch {
                                throw JSONModelRuntime.decodingFailure(error, model: "Shape", property: "square", keyPath: "", type: "case square(side: Double)", in: container)
                            }
                        case "point":
                            self = .point
                        default:
                            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Shape: unknown \"type\" value \"\(tag)\"; expected one of \"circle\", \"rectangle\", \"sq\", \"point\".")
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        switch self {
                        case .circle(let value0):
                            try container.encode("circle", forKey: .type)
                            try value0.encode(to: encoder)
                        case .rectangle(let value0, let value1):
                            try container.encode("rectangle", forKey: .type)
                            try container.encode(value0, forKey: .width)
                            try container.encodeIfPresent(value1, forKey: .height)
                        case .square(let value0):
                            try container.encode("sq", forKey: .type)
                            try container.encode(value0, forKey: .side)
                        case .point:
                            try container.encode("point", forKey: .type)
                        }
                    }
                }
                """#)
    }

    @Test func globalActorTypeGetsNonisolatedMembers() {
        assertExpansion(
            #"""
            @MainActor
            @JSONModel
            struct Isolated {
                let id: Int
            }
            """#,
            expandedSource: #"""
                @MainActor
                struct Isolated {
                    let id: Int
                }

                extension Isolated: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {
                    enum CodingKeys: String, CodingKey {
                        case id
                    }

                    nonisolated init(from decoder: any Decoder) throws {
                        if let document = JSONObjectReader(decoder) {
                            try self.init(document: document)
                        } else {
                            try self.init(coding: decoder)
                        }
                    }

                    private nonisolated init(document: JSONObjectReader) throws {
                        let container = document
                        do {
                            self.id = try container.decode(Int.self, forKey: "id")
                        } catch {
                            let (property, keyPath, type) = ("id", "id", "Int")
                            throw JSONModelRuntime.decodingFailure(error, model: "Isolated", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    private nonisolated init(coding decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        do {
                            self.id = try container.decode(Int.self, forKey: .id)
                        } catch {
                            let (property, keyPath, type) = ("id", "id", "Int")
                            throw JSONModelRuntime.decodingFailure(error, model: "Isolated", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        try JSONModelRuntime.didDecode(&self)
                    }

                    nonisolated static func readJSONObject(_ reader: JSONObjectReader) throws -> Self {
                        try Self(document: reader)
                    }

                    nonisolated func encode(to encoder: any Encoder) throws {
                        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
                            try encode(writer: writer)
                        } else {
                            try JSONModelRuntime.willEncode(self)
                            try encode(coding: encoder)
                        }
                    }

                    nonisolated func encode(writer: JSONObjectWriter) throws {
                        try JSONModelRuntime.willEncode(self)
                        let container = writer.promisingDistinctKeys()
                        try container.encode(self.id, forKey: "id")
                    }

                    private nonisolated func encode(coding encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.id, forKey: .id)
                    }
                }
                """#)
    }

    @Test func annotationOutsideModelWarns() {
        assertExpansion(
            #"""
            struct NotAModel {
                @Key("x") let x: Int
            }
            """#,
            expandedSource: #"""
                struct NotAModel {
                    let x: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Key has no effect outside a @JSONModel type", line: 2, column: 5, severity: .warning)
            ])
    }

    @Test func explicitInheritsCodingFalse() {
        assertExpansion(
            #"""
            @JSONModel(inheritsCoding: false)
            class Cat: Base {
                var name: String
            }
            """#,
            expandedSource: #"""
                class Cat: Base {
                    var name: String

                    enum CodingKeys: String, CodingKey {
                        case name
                    }

                    required init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        do {
                            self.name = try container.decode(String.self, forKey: .name)
                        } catch {
                            let (property, keyPath, type) = ("name", "name", "String")
                            throw JSONModelRuntime.decodingFailure(error, model: "Cat", property: property, keyPath: keyPath, type: type, in: container)
                        }
                        super.init()
                        try JSONModelRuntime.didDecode(object: self)
                    }

                    func encode(to encoder: any Encoder) throws {
                        try JSONModelRuntime.willEncode(self)
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.name, forKey: .name)
                    }
                }

                extension Cat: Decodable, Encodable, JSONObjectDecodable, JSONObjectEncodable {

                }
                """#)
    }
}
