import FastMapModels
import Foundation
import Testing

@JSONModel
struct Defaults: Equatable {
    @Default("Absent optional") var phone: String?
    @Default("Absent non-optional") var telephone: String
    @Key("home_address") @Default("nowhere") var address: String
    @Key("three") @Default([], onInvalid: true) var three: [Int]
    @Key("children_count") @Default(-1, onInvalid: true) var children: Int
    @Key("nothing") @Default(5, onInvalid: true) var missing: Int
    @Key("views_count") @Lossless @Default(0) var views: Int
}

@JSONModel
struct LosslessValues: Equatable {
    @Key("width") @Lossless var stringFromInt: String
    @Key("amount") @Lossless var stringFromDouble: String
    @Key("animated") @Lossless var stringFromBool: String
    @Key("social") @Lossless var socialText: String
    @Key("string_bool") @Lossless var boolFromString: Bool
    @Key("int_bool") @Lossless var boolFromInt: Bool
    @Key("age") @Lossless var age: Int
    @Key("cm_height") @Lossless var height: Double
    @Key("failable_array") @Lossless var array: [String]?
    @Key("nothing") @Lossless var absent: Int?
}

@JSONModel
struct LossyName: Equatable {
    let name: String
}

@JSONModel
struct LosslessName: Equatable {
    @Lossless let name: String
}

@JSONModel
struct LossyValues: Equatable {
    @Key("failable_lossy_array") @Lossy var plain: [LossyName]
    @Key("failable_lossy_array") @Lossy var lossless: [LosslessName]
    @Key("failable_array") @Lossy var strings: [String]
    @Key("failable_array") @Lossy @Lossless var converted: [Int]
    @Key("tags_set") @Lossy var tags: Set<String>
    @Key("scores") @Lossy var scores: [String: Int]
    @Key("nothing") @Lossy var absent: [String]?
}

@Suite("@JSONModel values")
struct JSONModelValueTests {
    @Test func defaultsOnMissingNullAndInvalid() throws {
        let value = try JSONModelFixture.decode(Defaults.self)
        #expect(value.phone == "Absent optional")
        #expect(value.telephone == "Absent non-optional")
        #expect(value.address == "Mountain View")
        #expect(value.three == [])
        #expect(value.children == -1)
        #expect(value.missing == 5)
        #expect(value.views == 5454)

        let nulls = try JSONModelFixture.decode(
            Defaults.self, from: #"{"phone": null, "telephone": null, "home_address": null, "three": [1, 2]}"#)
        #expect(nulls.phone == "Absent optional")
        #expect(nulls.telephone == "Absent non-optional")
        #expect(nulls.address == "nowhere")
        #expect(nulls.three == [1, 2])
        #expect(nulls.views == 0)
    }

    @Test func defaultWithoutOnInvalidStillRejectsWrongType() throws {
        #expect(throws: DecodingError.self) {
            try JSONModelFixture.decode(Defaults.self, from: #"{"telephone": 12}"#)
        }
    }

    @Test func defaultValuesAreEncodedAsValues() throws {
        let value = try JSONModelFixture.decode(Defaults.self, from: "{}")
        let json = try JSONModelFixture.encoded(value)
        #expect(json["phone"]?.string == "Absent optional")
        #expect(json["telephone"]?.string == "Absent non-optional")
        #expect(json["children_count"]?.int == -1)
        #expect(try JSONModelFixture.roundTrip(value) == value)
    }

    @Test func losslessScalarsAsKodableShows() throws {
        let value = try JSONModelFixture.decode(LosslessValues.self)
        #expect(value.stringFromInt == "400")
        #expect(value.stringFromDouble == "629.9")
        #expect(value.stringFromBool == "true")
        #expect(value.socialText == "123456789987654321")
        #expect(value.boolFromString == false)
        #expect(value.boolFromInt == true)
        #expect(value.age == 18)
        #expect(value.height == 170)
        #expect(value.array == ["1", "1.5", "2", "true", "3", "4"])
        #expect(value.absent == nil)
        #expect(try JSONModelFixture.decode(OnlySocial.self, from: #"{"social": 987654321}"#).social == "987654321")
        // Encoding writes the declared types.
        let json = try JSONModelFixture.encoded(value)
        #expect(json["width"]?.string == "400")
        #expect(json["int_bool"]?.bool == true)
        #expect(json["age"]?.int == 18)
        #expect(try JSONModelFixture.roundTrip(value) == value)
    }

    @Test func losslessNeverInventsValues() throws {
        for payload in [#"{"age": 1.5}"#, #"{"age": "1.5"}"#, #"{"age": true}"#, #"{"age": [1]}"#] {
            #expect(throws: DecodingError.self) {
                try JSONModelFixture.decode(OnlyAge.self, from: payload)
            }
        }
        for payload in [#"{"flag": 2}"#, #"{"flag": "maybe"}"#, #"{"flag": 1.0e300}"#] {
            #expect(throws: DecodingError.self) {
                try JSONModelFixture.decode(OnlyFlag.self, from: payload)
            }
        }
        #expect(try JSONModelFixture.decode(OnlyFlag.self, from: #"{"flag": "YES"}"#).flag == true)
        #expect(try JSONModelFixture.decode(OnlyFlag.self, from: #"{"flag": 0}"#).flag == false)
    }

    @Test func lossyCollectionsDropFailingElements() throws {
        let value = try JSONModelFixture.decode(LossyValues.self)
        #expect(value.plain == [LossyName(name: "john")])
        #expect(value.lossless == [LosslessName(name: "1"), LosslessName(name: "john")])
        #expect(value.strings == ["1", "2", "3"])
        #expect(value.converted == [1, 2, 3, 4])
        #expect(value.tags == ["a", "b"])
        #expect(value.scores == ["math": 90, "music": 75])
        #expect(value.absent == nil)
        // Two properties read each key; the first one writes it.
        let again = try JSONModelFixture.roundTrip(value)
        #expect(again.plain == value.plain && again.lossless == [LosslessName(name: "john")])
        #expect(again.strings == value.strings && again.converted == [1, 2, 3])
        #expect(again.tags == value.tags && again.scores == value.scores)
    }

    @Test func lossyStillRejectsANonCollection() throws {
        #expect(throws: DecodingError.self) {
            try JSONModelFixture.decode(
                LossyValues.self,
                from: #"{"failable_lossy_array": "nope", "failable_array": [], "tags_set": [], "scores": {}}"#)
        }
    }
}

@JSONModel
struct OnlyAge {
    @Lossless let age: Int
}

@JSONModel
struct OnlyFlag {
    @Lossless let flag: Bool
}

@JSONModel
struct OnlySocial: Equatable {
    @Lossless let social: String
}
