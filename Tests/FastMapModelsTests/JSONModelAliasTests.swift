import FastMapModels
import Foundation
import Testing

@JSONModel
struct AliasedUser: Equatable {
    @DecodeAlias("identifier", "user_id") let id: Int
    @Key("user_name") @EncodeKey("userName") var name: String
    @DecodeAlias("mail") var email: String?
}

@JSONModel
final class AliasedAccount {
    @DecodeAlias("account_id") let id: Int
    @EncodeKey("meta.owner") let owner: String

    init(id: Int, owner: String) {
        self.id = id
        self.owner = owner
    }
}

@JSONModel(keys: .snakeCase)
struct SnakeModel: Equatable {
    var userID: Int
    var firstName: String
    var profileURLString: String?
    @Key("Custom") var custom: Int
}

@JSONModel(keys: .kebabCase)
struct KebabModel: Equatable { var firstName: String }

@JSONModel(keys: .camelCase)
struct CamelModel: Equatable { var first_name: String }

@JSONModel(keys: .pascalCase)
struct PascalModel: Equatable { var firstName: String }

@JSONModel(keys: .screamingSnakeCase)
final class ScreamingModel {
    let firstName: String
    @DecodeAlias("legacy_age") let age: Int

    init(firstName: String, age: Int) {
        self.firstName = firstName
        self.age = age
    }
}

@JSONModel
struct OneWayFields: Equatable {
    var id: Int
    @Ignore(.decoding) var version: Int = 3
    @Ignore(.encoding) var password: String
    @Ignore var cache: [String] = []
}

@JSONModel
final class OneWayAccount {
    let id: Int
    @Ignore(.decoding) var fetchedAt: String = "never"
    @Ignore(.encoding) let token: String

    init(id: Int, token: String) {
        self.id = id
        self.token = token
    }
}

@Suite("@JSONModel aliases, encode keys, naming rules and one-way ignores")
struct JSONModelAliasTests {
    @Test func aliasesAreTriedInOrderWhenTheKeyIsMissing() throws {
        let primary = try JSONModelFixture.decode(
            AliasedUser.self, from: #"{"id": 1, "identifier": 2, "user_name": "a"}"#)
        #expect(primary == AliasedUser(id: 1, name: "a", email: nil))
        let first = try JSONModelFixture.decode(
            AliasedUser.self, from: #"{"identifier": 2, "user_id": 3, "user_name": "a", "mail": "m"}"#)
        #expect(first == AliasedUser(id: 2, name: "a", email: "m"))
        let second = try JSONModelFixture.decode(AliasedUser.self, from: #"{"user_id": 3, "user_name": "a"}"#)
        #expect(second.id == 3)
    }

    @Test func aMissingKeyWithoutAliasesNamesThePrimaryKey() throws {
        #expect {
            try JSONModelFixture.decode(AliasedUser.self, from: #"{"user_name": "a"}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "id"
        }
    }

    @Test func encodingWritesThePrimaryKeyOrTheEncodeKey() throws {
        let json = try JSONModelFixture.encoded(AliasedUser(id: 5, name: "n", email: "e"))
        #expect(json.keys.sorted() == ["email", "id", "userName"])
        #expect(json["userName"]?.string == "n")
        let fast = try JSON(data: FastJSONEncoder().encode(AliasedUser(id: 5, name: "n", email: nil)))
        #expect(fast.keys.sorted() == ["id", "userName"])
    }

    @Test func finalClassAliasesAndNestedEncodeKey() throws {
        let text = #"{"account_id": 9, "owner": "ann"}"#
        for account in [
            try JSONDecoder().decode(AliasedAccount.self, from: Data(text.utf8)),
            try FastJSONDecoder().decode(AliasedAccount.self, from: Data(text.utf8)),
        ] {
            #expect(account.id == 9 && account.owner == "ann")
        }
        let json = try JSONModelFixture.encoded(AliasedAccount(id: 9, owner: "ann"))
        #expect(json["id"]?.int == 9)
        #expect(json["meta"]?["owner"]?.string == "ann")
    }

    @Test func namingRules() throws {
        let snake = try JSONModelFixture.decode(
            SnakeModel.self,
            from: #"{"user_id": 1, "first_name": "a", "profile_url_string": "u", "Custom": 2}"#)
        #expect(snake == SnakeModel(userID: 1, firstName: "a", profileURLString: "u", custom: 2))
        #expect(
            try JSONModelFixture.encoded(snake).keys.sorted() == [
                "Custom", "first_name", "profile_url_string", "user_id",
            ])
        #expect(try JSONModelFixture.roundTrip(snake) == snake)
        #expect(try JSONModelFixture.decode(KebabModel.self, from: #"{"first-name": "k"}"#).firstName == "k")
        #expect(try JSONModelFixture.decode(CamelModel.self, from: #"{"firstName": "c"}"#).first_name == "c")
        #expect(try JSONModelFixture.decode(PascalModel.self, from: #"{"FirstName": "p"}"#).firstName == "p")
        let text = #"{"FIRST_NAME": "s", "legacy_age": 4}"#
        let screaming = try FastJSONDecoder().decode(ScreamingModel.self, from: Data(text.utf8))
        #expect(screaming.firstName == "s" && screaming.age == 4)
        #expect(try JSONModelFixture.encoded(screaming).keys.sorted() == ["AGE", "FIRST_NAME"])
    }

    @Test func ignoreOneDirection() throws {
        let value = try JSONModelFixture.decode(
            OneWayFields.self, from: #"{"id": 1, "version": 99, "password": "p", "cache": ["x"]}"#)
        #expect(value == OneWayFields(id: 1, version: 3, password: "p", cache: []))
        let json = try JSONModelFixture.encoded(value)
        #expect(json.keys.sorted() == ["id", "version"])
        #expect(json["version"]?.int == 3)
        let fast = try JSON(data: FastJSONEncoder().encode(value))
        #expect(fast.keys.sorted() == ["id", "version"])
    }

    @Test func ignoreOneDirectionOnAFinalClass() throws {
        let text = #"{"id": 4, "fetchedAt": "now", "token": "t"}"#
        for account in [
            try JSONDecoder().decode(OneWayAccount.self, from: Data(text.utf8)),
            try FastJSONDecoder().decode(OneWayAccount.self, from: Data(text.utf8)),
        ] {
            #expect(account.id == 4 && account.fetchedAt == "never" && account.token == "t")
        }
        let json = try JSON(data: FastJSONEncoder().encode(OneWayAccount(id: 4, token: "t")))
        #expect(json.keys.sorted() == ["fetchedAt", "id"])
    }
}
