import FastMapModels
import Foundation
import Testing

@JSONModel
struct FlatAddress: Equatable {
    var street: String
    @Key("zip_code") var zip: Int
}

@JSONModel
struct FlatPerson: Equatable {
    var name: String
    @Flatten var address: FlatAddress
}

@JSONModel
final class FlatCompany {
    let title: String
    @Flatten let address: FlatAddress

    init(title: String, address: FlatAddress) {
        self.title = title
        self.address = address
    }
}

@JSONModel(root: "data.user")
struct RootedUser: Equatable {
    var id: Int
    var name: String
}

@JSONModel(keys: .snakeCase, root: "payload")
final class RootedEvent {
    let eventName: String

    init(eventName: String) {
        self.eventName = eventName
    }
}

@JSONModel(root: "response")
struct RootedNested: Equatable {
    @Key("meta.count") var count: Int
    @DecodeAlias("title") var name: String
}

@JSONModel
struct QueueMessage: Equatable {
    var id: Int
    @JSONString var payload: FlatAddress
    @JSONString var extra: [Int]?
}

@JSONModel
final class Webhook {
    @JSONString let body: FlatAddress

    init(body: FlatAddress) {
        self.body = body
    }
}

@Suite("@JSONModel @Flatten, root:, @JSONString")
struct JSONModelStructureTests {
    @Test func flattenReadsAndWritesTheEnclosingObject() throws {
        let text = #"{"name": "ann", "street": "Main", "zip_code": 12345}"#
        let person = try JSONModelFixture.decode(FlatPerson.self, from: text)
        #expect(person == FlatPerson(name: "ann", address: FlatAddress(street: "Main", zip: 12345)))
        let json = try JSONModelFixture.encoded(person)
        #expect(json.keys.sorted() == ["name", "street", "zip_code"])
        let fast = try JSON(data: FastJSONEncoder().encode(person))
        #expect(fast.keys.sorted() == ["name", "street", "zip_code"])
        #expect(try JSONModelFixture.roundTrip(person) == person)
        let company = try FastJSONDecoder().decode(
            FlatCompany.self, from: Data(#"{"title": "t", "street": "s", "zip_code": 1}"#.utf8))
        #expect(company.address == FlatAddress(street: "s", zip: 1))
        #expect(try JSONModelFixture.encoded(company).keys.sorted() == ["street", "title", "zip_code"])
    }

    @Test func flattenFailureNamesTheProperty() throws {
        #expect {
            try JSONModelFixture.decode(FlatPerson.self, from: #"{"name": "ann", "street": "Main"}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "zip_code" && context.debugDescription.contains("FlatPerson.address")
        }
    }

    @Test func rootDecodesFromAndEncodesIntoThePath() throws {
        let text = #"{"data": {"user": {"id": 1, "name": "ann"}, "other": 2}}"#
        let user = try JSONModelFixture.decode(RootedUser.self, from: text)
        #expect(user == RootedUser(id: 1, name: "ann"))
        let json = try JSONModelFixture.encoded(user)
        #expect(json["data"]?["user"]?["name"]?.string == "ann")
        #expect(json.keys == ["data"])
        #expect(try JSONModelFixture.roundTrip(user) == user)
        let event = try FastJSONDecoder().decode(
            RootedEvent.self, from: Data(#"{"payload": {"event_name": "e"}}"#.utf8))
        #expect(event.eventName == "e")
        #expect(try JSONModelFixture.encoded(event)["payload"]?["event_name"]?.string == "e")
    }

    @Test func aMissingRootStepThrowsWithItsPath() throws {
        #expect {
            try JSONModelFixture.decode(RootedUser.self, from: #"{"data": {"account": {}}}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "user" && context.codingPath.map(\.stringValue) == ["data"]
        }
        #expect(throws: DecodingError.self) {
            try JSONModelFixture.decode(RootedUser.self, from: #"{"data": {"user": 3}}"#)
        }
    }

    @Test func jsonStringDecodesTheTextAndEncodesAString() throws {
        let text = #"{"id": 1, "payload": "{\"street\": \"Main\", \"zip_code\": 9}", "extra": "[1, 2]"}"#
        let message = try JSONModelFixture.decode(QueueMessage.self, from: text)
        #expect(message == QueueMessage(id: 1, payload: FlatAddress(street: "Main", zip: 9), extra: [1, 2]))
        let json = try JSONModelFixture.encoded(message)
        let inner = try JSON(data: Data(try #require(json["payload"]?.string).utf8))
        #expect(inner["street"]?.string == "Main")
        #expect(json["extra"]?.string == "[1,2]")
        #expect(try JSONModelFixture.roundTrip(message) == message)
        let bare = try JSONModelFixture.decode(
            QueueMessage.self, from: #"{"id": 2, "payload": "{\"street\": \"s\", \"zip_code\": 1}"}"#)
        #expect(bare.extra == nil)
        let hook = try FastJSONDecoder().decode(
            Webhook.self, from: Data(#"{"body": "{\"street\": \"w\", \"zip_code\": 3}"}"#.utf8))
        #expect(hook.body.street == "w")
    }

    @Test func jsonStringErrorsSayWhatTheStringHeld() throws {
        #expect {
            try JSONModelFixture.decode(QueueMessage.self, from: #"{"id": 1, "payload": "{\"street\": 5}"}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["payload"]
                && context.debugDescription.contains("QueueMessage.payload")
                && context.debugDescription.contains("inside the string")
        }
        #expect(throws: DecodingError.self) {
            try JSONModelFixture.decode(
                QueueMessage.self, from: #"{"id": 1, "payload": {"street": "s", "zip_code": 1}}"#)
        }
    }

    @Test func rootKeepsTheReaderFastPathAndItsErrorPaths() throws {
        let value = try JSONModelFixture.decode(
            RootedNested.self, from: #"{"response": {"meta": {"count": 3}, "title": "t"}}"#)
        #expect(value == RootedNested(count: 3, name: "t"))
        // Both decoders must name the same path for a failure under the root (the fixture checks).
        #expect {
            try JSONModelFixture.decode(
                RootedNested.self, from: #"{"response": {"meta": {"count": "x"}, "name": "n"}}"#)
        } throws: { error in
            JSONModelFixture.reportedPath(error) == ["response", "meta", "count"]
        }
        #expect(try JSONModelFixture.roundTrip(value) == value)
    }
}
