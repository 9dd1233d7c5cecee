import FastMapModels
import Foundation
import Testing

// The models of the FastMapModels DocC articles (Sources/FastMapModels/FastMapModels.docc),
// declared as written there. They sit at file scope: `@JSONModel`'s extension is expanded at
// file scope, where the names a nested model mentions (`Card`, `Member`) would not resolve to
// its siblings.

@JSONModel
struct Profile {
    @Key("first_name") let firstName: String
    @Key("address.zipCode") let zipCode: Int
    @Default(0) let visits: Int
    @DateFormat(.iso8601) let createdAt: Date
}

@JSONModel
struct Shot {
    let id: Int
    @Modify(.trimmed) let title: String
    @Key("views_count") @Lossless @Default(0) let views: Int
    @Key("images.teaser") let teaser: URL
    @Key("created_at") @DateFormat(.iso8601) let createdAt: Date
    @EncodeNil let caption: String?
    @Ignore var isFavorite: Bool = false
}

@JSONModel
class Vehicle {
    var name: String
}

@JSONModel
final class Truck: Vehicle {
    var wheels: Int
}

@JSONModel
struct Card: Equatable {
    let last4: String
}

@JSONModel(discriminator: "method")
enum Payment: Equatable {
    case card(Card)
    case transfer(iban: String, reference: String)
    @Key("cod") case cashOnDelivery(amount: Double)
}

@JSONModel
struct Address {
    @Key("address.zipCode") let zipCode: Int
    @Key("address.parts.first") let street: String
    @Key("tags[0]") let firstTag: String
}

@JSONModel
struct Preferences {
    @Default("+1 123456789") let phone: String
    @Default(10, onInvalid: true) @Validate({ $0 > 0 }) let pageSize: Int
}

@JSONModel
struct Member: Equatable {
    let name: String
}

@JSONModel
struct Feed {
    @Lossless let age: Int
    @Lossless let ids: [String]
    @Lossy let members: [Member]
}

@JSONModel
struct Message {
    @DateFormat(.rfc2822) let sent: Date
    @DateFormat(.millisecondsSince1970) let received: Date
    @DateFormat(.format("y-MM-dd")) let day: Date
}

@JSONModel
struct Rating {
    @Modify(.trimmedNilIfEmpty) let comment: String?
    @Modify(.clamping(to: 1...5)) let stars: Int
    @Modify(.ascending) let scores: [Int]
}

enum CentsFromDollars: JSONModelTransformer {
    static func decode(_ json: Double) throws -> Int { Int((json * 100).rounded()) }
    static func encode(_ value: Int) throws -> Double { Double(value) / 100 }
}

@JSONModel
struct Price {
    @Transform(CentsFromDollars.self) let amount: Int
}

@JSONModel
struct Invoice {
    @Key("customer.address.zip") let zip: Int
}

/// Not in an article: checks the reference's "`@Lossy @Lossless` converts what converts and
/// drops the rest".
@JSONModel
struct LossyLosslessCounts {
    @Lossy @Lossless let counts: [Int]
}

@Suite struct ModelsDocumentationSnippetTests {
    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try FastJSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// FastMapModels.md.
    @Test func overview() throws {
        let user = try Self.decode(
            Profile.self,
            #"{"first_name": "Ada", "address": {"zipCode": 94040}, "createdAt": "2021-08-30T18:35:19Z"}"#)
        #expect(user.firstName == "Ada" && user.zipCode == 94040 && user.visits == 0)
        #expect(user.createdAt == Date(timeIntervalSince1970: 1_630_348_519))
    }

    /// GettingStartedWithJSONModel.md.
    @Test func gettingStarted() throws {
        let json = #"""
            {"id": 2623488, "title": "  Create New Project  ", "views_count": "5454",
             "images": {"teaser": "https://example.com/teaser.gif"},
             "created_at": "2021-08-30T18:35:19Z"}
            """#
        let shot = try FastJSONDecoder().decode(Shot.self, from: Data(json.utf8))
        #expect(shot.title == "Create New Project" && shot.views == 5454 && shot.caption == nil)
        #expect(!shot.isFavorite)
        let foundation = try JSONDecoder().decode(Shot.self, from: Data(json.utf8))
        #expect(foundation.title == shot.title && foundation.views == shot.views)

        let encoder = FastJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(shot), as: UTF8.self)
        #expect(
            text
                == #"{"caption":null,"created_at":"2021-08-30T18:35:19Z","id":2623488,"#
                + #""images":{"teaser":"https:\/\/example.com\/teaser.gif"},"title":"Create New Project","#
                + #""views_count":5454}"#)
    }

    @Test func classesAndEnums() throws {
        let truck = try Self.decode(Truck.self, #"{"name": "Rex", "wheels": 6}"#)
        #expect(truck.name == "Rex" && truck.wheels == 6)

        #expect(try Self.decode(Payment.self, #"{"method": "card", "last4": "4242"}"#) == .card(Card(last4: "4242")))
        #expect(
            try Self.decode(Payment.self, #"{"method": "transfer", "iban": "DE00", "reference": "r1"}"#)
                == .transfer(iban: "DE00", reference: "r1"))
        #expect(try Self.decode(Payment.self, #"{"method": "cod", "amount": 12.5}"#) == .cashOnDelivery(amount: 12.5))
    }

    /// AnnotationsReference.md.
    @Test func keysAndDefaults() throws {
        let address = try Self.decode(
            Address.self, #"{"address": {"zipCode": 94040, "parts": {"first": "Main St"}}, "tags": ["home"]}"#)
        #expect(address.zipCode == 94040 && address.street == "Main St" && address.firstTag == "home")

        let settings = try Self.decode(Preferences.self, #"{"phone": null, "pageSize": -3}"#)
        #expect(settings.phone == "+1 123456789" && settings.pageSize == 10)
    }

    @Test func losslessAndLossy() throws {
        let feed = try Self.decode(
            Feed.self,
            #"{"age": "18", "ids": ["1", 1.5, true, null], "members": [{"name": 1}, {"name": "john"}]}"#)
        #expect(feed.age == 18)
        #expect(feed.ids == ["1", "1.5", "true"])
        #expect(feed.members == [Member(name: "john")])
        #expect(throws: DecodingError.self) {
            try Self.decode(Feed.self, #"{"age": "1.5", "ids": [], "members": []}"#)
        }
        let counts = try Self.decode(LossyLosslessCounts.self, #"{"counts": ["1", 2, "x", 1.5, null]}"#)
        #expect(counts.counts == [1, 2])
    }

    @Test func datesModifiersAndTransformers() throws {
        let event = try Self.decode(
            Message.self,
            #"{"sent": "Thu, 19 Dec 1996 16:39:57 GMT", "received": 978307200000, "day": "2001-01-01"}"#)
        #expect(event.sent == Date(timeIntervalSince1970: 851_013_597))
        #expect(event.received == Date(timeIntervalSince1970: 978_307_200))
        #expect(event.day == Date(timeIntervalSince1970: 978_307_200))

        let rating = try Self.decode(Rating.self, #"{"comment": "   ", "stars": 9, "scores": [3, 1, 2]}"#)
        #expect(rating.comment == nil && rating.stars == 5 && rating.scores == [1, 2, 3])

        let price = try Self.decode(Price.self, #"{"amount": 629.9}"#)
        #expect(price.amount == 62990)
        let written = try FastJSONEncoder().encode(price)
        #expect(String(decoding: written, as: UTF8.self) == #"{"amount":629.9}"#)
    }

    @Test func errorsNameTheProperty() throws {
        let error = try #require(throws: DecodingError.self) {
            try Self.decode(Invoice.self, #"{"customer": {"address": {"zip": "12345x"}}}"#)
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(
            context.debugDescription.contains(
                #"Invoice.zip (key path "customer.address.zip", Int) at $.customer.address.zip: "#
                    + "expected Int, found string"))
        #expect((context.underlyingError as? FastMapError)?.pathDescription == "$.customer.address.zip")
    }
}
