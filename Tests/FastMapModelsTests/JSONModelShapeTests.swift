import FastMapModels
import Foundation
import Testing

@JSONModel
struct NullEncoding: Equatable {
    var firstName: String
    var lastName: String?
    @EncodeNil var nickname: String?
    @Key("a.b") @EncodeNil var nested: Int?
    @EncodeNil @DateFormat(.iso8601) var seen: Date?
}

@JSONModel
struct Linked: Equatable {
    @Key("html_url") @Transform(URLFromString.self) var url: URL
    @Key("nothing") @Transform(URLFromString.self) var optionalURL: URL?
}

@JSONModel
struct WithConstants: Equatable {
    let version = 2
    var name: String
    @Ignore var cache: [String: Int] = ["warm": 1]
    @Ignore var note: String?
    var computed: String { name.uppercased() }
    static let shared = "not coded"
}

/// A public model: the generated members must be public too.
@JSONModel
public struct PublicModel: Equatable, Sendable {
    /// The identifier.
    public let id: Int
    /// A label, `none` when missing.
    @Default("none") public let label: String
}

@JSONModel
class ModelAnimal {
    var name: String?
    @Key("legs") @Default(4) var legCount: Int

    init(name: String?, legCount: Int) {
        self.name = name
        self.legCount = legCount
    }
}

@JSONModel
final class ModelDog: ModelAnimal {
    @Lossless var social: String?
    var phoneNumber: String?
}

@JSONModel(inheritsCoding: false)
final class Standalone: Equatable {
    var value: Int

    static func == (lhs: Standalone, rhs: Standalone) -> Bool { lhs.value == rhs.value }
}

@Suite("@JSONModel shapes")
struct JSONModelShapeTests {
    @Test func nilIsOmittedUnlessEncodeNil() throws {
        let value = NullEncoding(firstName: "João", lastName: nil, nickname: nil, nested: nil, seen: nil)
        let json = try JSONModelFixture.encoded(value)
        #expect(json.keys.sorted() == ["a", "firstName", "nickname", "seen"])
        #expect(json["nickname"]?.isNull == true)
        #expect(json["seen"]?.isNull == true)
        #expect(json["a"]?["b"]?.isNull == true)
        #expect(try JSONModelFixture.roundTrip(value) == value)
        let full = NullEncoding(
            firstName: "a", lastName: "b", nickname: "c", nested: 1, seen: Date(timeIntervalSince1970: 0))
        #expect(try JSONModelFixture.encoded(full)["seen"]?.string == "1970-01-01T00:00:00Z")
        #expect(try JSONModelFixture.roundTrip(full) == full)
    }

    @Test func transformersReadAndWrite() throws {
        let value = try JSONModelFixture.decode(Linked.self)
        #expect(value.url.absoluteString == "https://dribbble.com/shots/2623488-Create-New-Project")
        #expect(value.optionalURL == nil)
        #expect(try JSONModelFixture.encoded(value)["html_url"]?.string == value.url.absoluteString)
        #expect(try JSONModelFixture.roundTrip(value) == value)
        #expect {
            try JSONModelFixture.decode(Linked.self, from: #"{"html_url": "nope"}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.underlyingError is URLFromString.NotAURL
                && context.debugDescription.contains("Linked.url")
                && context.codingPath.map(\.stringValue) == ["html_url"]
        }
    }

    @Test func constantsComputedAndIgnoredProperties() throws {
        let value = try JSONModelFixture.decode(WithConstants.self, from: #"{"name": "x", "version": 9, "cache": {}}"#)
        #expect(value.version == 2)
        #expect(value.cache == ["warm": 1])
        #expect(value.note == nil)
        let json = try JSONModelFixture.encoded(value)
        #expect(json.keys.sorted() == ["name", "version"])
        #expect(json["version"]?.int == 2)
    }

    @Test func publicModelsConform() throws {
        let value = try JSONModelFixture.decode(PublicModel.self, from: #"{"id": 3}"#)
        #expect(value == PublicModel(id: 3, label: "none"))
    }

    @Test func subclassesShareTheObjectWithTheirSuperclass() throws {
        let dog = try JSONModelFixture.decode(ModelDog.self)
        #expect(dog.name == "John Doe")
        #expect(dog.legCount == 4)
        #expect(dog.social == "123456789987654321")
        #expect(dog.phoneNumber == nil)
        let json = try JSONModelFixture.encoded(dog)
        #expect(json.keys.sorted() == ["legs", "name", "social"])
        let again = try JSONModelFixture.roundTrip(dog)
        #expect(again.name == dog.name && again.legCount == 4 && again.social == dog.social)
        let animal: ModelAnimal = again
        #expect(animal.name == "John Doe")
    }

    @Test func finalClassWithoutSuperclass() throws {
        let value = try JSONModelFixture.decode(Standalone.self, from: #"{"value": 3}"#)
        #expect(value.value == 3)
        #expect(try JSONModelFixture.roundTrip(value) == value)
    }
}

@MainActor
@JSONModel
struct MainActorModel: Equatable {
    let id: Int
    @Default("n/a") let label: String
}

@JSONModel
struct Page<Item: Codable & Equatable>: Equatable {
    @Key("data.items") let items: [Item]
    @Key("data.total") @Default(0) let total: Int
}

@Suite("@JSONModel isolation and generics")
struct JSONModelIsolationTests {
    @Test func mainActorModelDecodesOffTheMainActor() async throws {
        let task = Task.detached {
            try JSONDecoder().decode(MainActorModel.self, from: Data(#"{"id": 4}"#.utf8))
        }
        let value = try await task.value
        #expect(value.id == 4)
        #expect(value.label == "n/a")
    }

    @Test func genericModel() throws {
        let page = try JSONModelFixture.decode(Page<Int>.self, from: #"{"data": {"items": [1, 2]}}"#)
        #expect(page == Page(items: [1, 2], total: 0))
        #expect(try JSONModelFixture.roundTrip(page) == page)
    }
}

@JSONModel
struct AlreadyCodable: Codable, Equatable {
    @Key("v") let value: Int
}

@JSONModel
struct AlreadyDecodable: Decodable, Equatable {
    @Key("v") let value: Int
}

@Suite("@JSONModel with declared conformances")
struct JSONModelDeclaredConformanceTests {
    @Test func declaredCodableConformanceIsKept() throws {
        #expect(try JSONModelFixture.roundTrip(AlreadyCodable(value: 1)) == AlreadyCodable(value: 1))
        #expect(try JSONModelFixture.encoded(AlreadyDecodable(value: 2))["v"]?.int == 2)
        #expect(try JSONModelFixture.decode(AlreadyDecodable.self, from: #"{"v": 3}"#) == AlreadyDecodable(value: 3))
    }
}
