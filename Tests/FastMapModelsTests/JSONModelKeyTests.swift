import FastMapModels
import Foundation
import Testing

@JSONModel
struct KeyedUser: Equatable {
    var identifier: String
    var social: String?
    @Key("first_name") var firstName: String
    @Default("+1 123456789") var phone: String
    @Key("address.zipCode") var zipCode: Int
}

@JSONModel
struct NestedKeys: Equatable {
    @Key("name") let name: String
    @Key("address.zip") let addressZipCode: Int
    @Key("address.parts.first") let addressFirstPart: String
    @Key("people[1].name") let secondPerson: String
    @Key("people", 2, "id") let thirdID: Int
    @Key("matrix[1][2]") let corner: Int
    @Key("matrix[0]") let firstRow: [Int]
}

@JSONModel
struct MissingNested: Equatable {
    @Key("nowhere.deep") let absent: Int?
    @Key("people[7].name") let outOfRange: String?
    @Key("people[1].name") let present: String?
    @Key("address.missing") @Default(7) let fallback: Int
}

@Suite("@JSONModel keys")
struct JSONModelKeyTests {
    @Test func customAndNestedKeysAsKodableShows() throws {
        let user = try JSONModelFixture.decode(KeyedUser.self)
        #expect(
            user
                == KeyedUser(
                    identifier: "1234", social: "123456789987654321", firstName: "John", phone: "+1 123456789",
                    zipCode: 94040))
        #expect(try JSONModelFixture.roundTrip(user) == user)
    }

    @Test func pathsWithIndicesAndSegments() throws {
        let value = try JSONModelFixture.decode(NestedKeys.self)
        #expect(value.name == "John Doe")
        #expect(value.addressZipCode == 90000)
        #expect(value.addressFirstPart == "random address")
        #expect(value.secondPerson == "brad")
        #expect(value.thirdID == 2)
        #expect(value.corner == 5)
        #expect(value.firstRow == [1, 2])
    }

    @Test func encodingReNestsPaths() throws {
        let value = try JSONModelFixture.decode(NestedKeys.self)
        let json = try JSONModelFixture.encoded(value)
        #expect(json["address"]?["zip"]?.int == 90000)
        #expect(json["address"]?["parts"]?["first"]?.string == "random address")
        #expect(json["people"]?[1]?["name"]?.string == "brad")
        #expect(json["people"]?[0]?.isNull == true)
        #expect(json["people"]?[2]?["id"]?.int == 2)
        #expect(json["matrix"]?[0]?.array?.count == 2)
        #expect(json["matrix"]?[1]?[2]?.int == 5)
        #expect(json["matrix"]?[1]?[0]?.isNull == true)
        #expect(try JSONModelFixture.roundTrip(value) == value)
    }

    @Test func missingStepsOfOptionalPathsGiveNil() throws {
        let value = try JSONModelFixture.decode(MissingNested.self)
        #expect(value.absent == nil)
        #expect(value.outOfRange == nil)
        #expect(value.present == "brad")
        #expect(value.fallback == 7)
        let nullParent = try JSONModelFixture.decode(
            MissingNested.self, from: #"{"nowhere": null, "people": null, "address": null}"#)
        #expect(nullParent == MissingNested(absent: nil, outOfRange: nil, present: nil, fallback: 7))
    }

    @Test func missingStepOfRequiredPathThrowsKeyNotFound() throws {
        #expect {
            try JSONModelFixture.decode(NestedKeys.self, from: #"{"name": "x", "address": {"zip": 1}}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "parts" && context.codingPath.map(\.stringValue) == ["address"]
                && context.debugDescription.contains("NestedKeys.addressFirstPart")
        }
    }
}

@JSONModel
struct OddKeys: Equatable {
    var `default`: Int
    @Key("user-name") var userName: String
    @Key("class") var kind: String
    @Key("quote\"d") var quoted: Bool
    @Key("nested.user-name") var nestedName: String?
}

@Suite("@JSONModel odd keys")
struct JSONModelOddKeyTests {
    @Test func keywordsPunctuationAndQuotesInKeys() throws {
        let text = #"{"default": 1, "user-name": "a", "class": "b", "quote\"d": true, "nested": {"user-name": "c"}}"#
        let value = try JSONModelFixture.decode(OddKeys.self, from: text)
        #expect(value == OddKeys(default: 1, userName: "a", kind: "b", quoted: true, nestedName: "c"))
        let json = try JSONModelFixture.encoded(value)
        #expect(json.keys.sorted() == ["class", "default", "nested", "quote\"d", "user-name"])
        #expect(try JSONModelFixture.roundTrip(value) == value)
    }
}

@JSONModel
struct SharedPrefixes: Equatable {
    @Key("a.b.c") let deep: Int
    @Key("a.b.d") @Default(0, onInvalid: true) let lenient: Int
    @Key("x.y") @Default(1, onInvalid: true) let onlyLenient: Int
    @Key("a.e") let sibling: String?
}

@Suite("@JSONModel shared prefixes")
struct JSONModelSharedPrefixTests {
    @Test func siblingsShareTheParentAndKeepTheirOwnRules() throws {
        let full = try JSONModelFixture.decode(
            SharedPrefixes.self, from: #"{"a": {"b": {"c": 1, "d": 2}, "e": "s"}, "x": {"y": 3}}"#)
        #expect(full == SharedPrefixes(deep: 1, lenient: 2, onlyLenient: 3, sibling: "s"))
        let lenient = try JSONModelFixture.decode(
            SharedPrefixes.self, from: #"{"a": {"b": {"c": 1, "d": "two"}}, "x": "not an object"}"#)
        #expect(lenient == SharedPrefixes(deep: 1, lenient: 0, onlyLenient: 1, sibling: nil))
        #expect(try JSONModelFixture.roundTrip(full) == full)
    }

    @Test func requiredPropertyUnderAMissingParentNamesTheMissingStep() throws {
        #expect {
            try JSONModelFixture.decode(SharedPrefixes.self, from: #"{"a": {"e": "s"}}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "b" && context.codingPath.map(\.stringValue) == ["a"]
                && context.debugDescription.contains("SharedPrefixes.deep")
        }
        #expect {
            try JSONModelFixture.decode(SharedPrefixes.self, from: #"{"a": {"b": []}}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["a", "b"]
        }
    }
}
