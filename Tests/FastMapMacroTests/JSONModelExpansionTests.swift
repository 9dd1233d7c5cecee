import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// One expansion per annotation and per kind of type, compared with the code it must produce.
@Suite("@JSONModel expansion")
struct JSONModelExpansionTests {
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

                extension User: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case id
                        case name
                    }

                    init(from decoder: any Decoder) throws {
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
                    }

                    func encode(to encoder: any Encoder) throws {
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

                extension User: Decodable, Encodable {
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
                    }

                    func encode(to encoder: any Encoder) throws {
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

                extension Settings: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case phone
                        case views
                        case nickname
                    }

                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        var failingProperty = 0
                        do {
                            self.phone = try container.decodeIfPresent(String.self, forKey: .phone) ?? "+1 123456789"
                            failingProperty = 1
                            self.views = (try? container.decodeIfPresent(Int.self, forKey: .views)) ?? 0
                            failingProperty = 2
                            self.nickname = try container.decodeIfPresent(String.self, forKey: .nickname) ?? "x"
                        } catch {
                            let properties: [(String, String, String)] = [("phone", "phone", "String"), ("views", "views", "Int"), ("nickname", "nickname", "String?")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Settings", property: property, keyPath: keyPath, type: type, in: container)
                        }
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.phone, forKey: .phone)
                        try container.encode(self.views, forKey: .views)
                        try container.encodeIfPresent(self.nickname, forKey: .nickname)
                    }
                }
                """#)
    }

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

                extension Values: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case social
                        case tags
                        case counts
                    }

                    init(from decoder: any Decoder) throws {
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
                    }

                    func encode(to encoder: any Encoder) throws {
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

                extension Dates: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case createdAt
                        case seen
                        case day
                        case custom
                    }

                    init(from decoder: any Decoder) throws {
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
                    }

                    func encode(to encoder: any Encoder) throws {
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

                extension Post: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case title
                        case people
                        case width
                    }

                    init(from decoder: any Decoder) throws {
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
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.title, forKey: .title)
                        try container.encode(self.people, forKey: .people)
                        try container.encode(self.width, forKey: .width)
                    }
                }
                """#)
    }

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

                extension Profile: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case nickname
                        case homepage
                        case version
                    }

                    init(from decoder: any Decoder) throws {
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
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.nickname, forKey: .nickname)
                        try container.encode(try URLFromString.encode(self.homepage), forKey: .homepage)
                        try container.encode(self.version, forKey: .version)
                    }
                }
                """#)
    }

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
                    }

                    public func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.name, forKey: .name)
                    }
                }

                extension Animal: Decodable, Encodable {

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
                    }

                    override func encode(to encoder: any Encoder) throws {
                        try super.encode(to: encoder)
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.legs, forKey: .legs)
                    }
                }

                extension Dog: Decodable, Encodable {

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
                    }

                    func encode(to encoder: any Encoder) throws {
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

                extension Isolated: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case id
                    }

                    nonisolated init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        do {
                            self.id = try container.decode(Int.self, forKey: .id)
                        } catch {
                            let (property, keyPath, type) = ("id", "id", "Int")
                            throw JSONModelRuntime.decodingFailure(error, model: "Isolated", property: property, keyPath: keyPath, type: type, in: container)
                        }
                    }

                    nonisolated func encode(to encoder: any Encoder) throws {
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

                extension Mixed: Decodable, Encodable {
                    enum CodingKeys: String, CodingKey {
                        case a
                        case b
                        case c
                        case d
                        case x
                        case y
                    }

                    init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        let reader = JSONModelReader(container, decoder: decoder)
                        var failingProperty = 0
                        do {
                            let nested1 = try reader.nestedIfPresent(forKey: .a)
                            let nested2 = try nested1?.nestedIfPresent(forKey: .b)
                            self.deep = try (nested2?.decode(Int.self, forKey: .c) ?? reader.decode(Int.self, at: [.key(.a), .key(.b), .key(.c)]))
                            failingProperty = 1
                            self.lenient = (try? nested2?.decodeIfPresent(Int.self, forKey: .d)) ?? 0
                            failingProperty = 2
                            let nested3 = try? reader.nestedIfPresent(forKey: .x)
                            self.onlyLenient = (try? nested3?.decodeIfPresent(Int.self, forKey: .y)) ?? 1
                        } catch {
                            let properties: [(String, String, String)] = [("deep", "a.b.c", "Int"), ("lenient", "a.b.d", "Int"), ("onlyLenient", "x.y", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Mixed", property: property, keyPath: keyPath, type: type, in: container)
                        }
                    }

                    func encode(to encoder: any Encoder) throws {
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

                extension Mixed: Decodable, Encodable {
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
                            self.positive = (try? JSONModelRuntime.validate(container.decodeIfPresent(Int.self, forKey: .positive), {
                                        $0 > 0
                                    })) ?? 1
                        } catch {
                            let properties: [(String, String, String)] = [("a", "a", "Date (.iso8601)"), ("b", "b", "Date (.iso8601WithFractionalSeconds)"), ("c", "c", "Date? (.rfc3339)"), ("d", "d", "Date (.secondsSince1970) (lossless)"), ("views", "views_count", "Int (lossless)"), ("ids", "ids", "Set<Int> (lossless) (lossy)"), ("scores", "scores", "[String: Int] (lossy)"), ("nickname", "nickname", "String?"), ("numbers", "numbers", "[Int]"), ("stars", "stars", "Int"), ("code", "code", "String?"), ("positive", "positive", "Int")]
                            let (property, keyPath, type) = properties[failingProperty]
                            throw JSONModelRuntime.decodingFailure(error, model: "Mixed", property: property, keyPath: keyPath, type: type, in: container)
                        }
                    }

                    func encode(to encoder: any Encoder) throws {
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
                    }

                    func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: CodingKeys.self)
                        try container.encode(self.name, forKey: .name)
                    }
                }

                extension Cat: Decodable, Encodable {

                }
                """#)
    }
}
