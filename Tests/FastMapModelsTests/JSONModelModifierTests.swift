import FastMapModels
import Foundation
import Testing

enum ProjectModifiers {
    static let shout = JSONModifier<String> { $0.uppercased() }
}

struct Person: Codable, Equatable {
    let id: Int
    let name: String
}

struct OptionalPerson: Codable, Equatable {
    let name: String?
}

@JSONModel
struct Modified: Equatable {
    @Key("id") var basicID: Int
    @Key("title") @Modify(.trimmed) var basicTitle: String
    @Key("title") @Modify(.trimmed) var optionalTitle: String?
    @Key("empty") @Modify(.trimmedNilIfEmpty) var emptyTitle: String?
    @Key("title") @Modify(.trimmedNilIfEmpty) var filledTitle: String?
    @Key("width") @Modify(.max(350)) var width: Int
    @Key("height") @Modify(.min(500)) var height: Int
    @Key("height") @Modify(.clamping(to: 100...500)) var rangeHeight: Int
    @Key("views_count") @Modify(.clamping(to: 5000...5400)) var views: Int
    @Key("comments_count") @Modify(.custom { min($0, 10) }) var commentsCount: Int
    @Key("title") @Modify(.trimmed, ProjectModifiers.shout) var shouted: String
    @Key("nothing") @Modify(.trimmed) var absent: String?
}

@JSONModel
struct Sorted: Equatable {
    @Key("unordered_optional_elements_array") @Modify(.ascending) var optionalOrdered: [Int?]
    @Key("unordered_array") @Modify(.ascending) var ascendingNumbers: [Int]
    @Key("unordered_array") @Modify(.descending) var descendingNumbers: [Int]
    @Modify(.ascending(by: \.id)) var people: [Person]
    @Key("people") @Modify(.descending(by: \.name)) var descendingPeople: [Person]
    @Key("people") @Modify(.ascending(by: \Person.name)) var namedRoot: [Person]
    @Key("people_optional") @Modify(.ascending(by: \.name)) var optionalPeople: [OptionalPerson]
    @Key("people") @Modify(.sorted(by: { (a: Person, b: Person) in a.id > b.id })) var custom: [Person]
}

@JSONModel
struct Validated {
    @Validate({ $0 > 500 }) var width: Int
}

@JSONModel
struct ValidatedMore: Equatable {
    @Key("title") @Validate({ !$0.isEmpty }) @Validate({ $0.count > 3 }) var title: String
    @Key("images.teaser") @Validate({ URL(string: $0) != nil }) var teaser: String
    @Key("nothing") @Validate({ $0 > 0 }) var absent: Int?
    @Key("width") @Validate({ $0 > 500 }) @Default(501, onInvalid: true) var width: Int
}

@Suite("@JSONModel modifiers and validation")
struct JSONModelModifierTests {
    @Test func presetModifiersAsKodableShows() throws {
        let value = try JSONModelFixture.decode(Modified.self)
        #expect(value.basicID == 2_623_488)
        #expect(value.basicTitle == "Create New Project")
        #expect(value.optionalTitle == "Create New Project")
        #expect(value.emptyTitle == nil)
        #expect(value.filledTitle == "Create New Project")
        #expect(value.width == 350)
        #expect(value.height == 500)
        #expect(value.rangeHeight == 300)
        #expect(value.views == 5400)
        #expect(value.commentsCount == 10)
        #expect(value.shouted == "CREATE NEW PROJECT")
        #expect(value.absent == nil)
    }

    @Test func sortsAsKodableShows() throws {
        let value = try JSONModelFixture.decode(Sorted.self)
        #expect(value.optionalOrdered == [3, 5, 8, nil, nil])
        #expect(value.ascendingNumbers == [1, 2, 3, 4, 5])
        #expect(value.descendingNumbers == [5, 4, 3, 2, 1])
        #expect(value.people.map(\.id) == [1, 2, 3])
        #expect(value.descendingPeople.map(\.name) == ["pete", "joe", "brad"])
        #expect(value.namedRoot.map(\.name) == ["brad", "joe", "pete"])
        #expect(value.optionalPeople.map(\.name) == ["joe", "pete", nil])
        #expect(value.custom.map(\.id) == [3, 2, 1])
    }

    @Test func validationFailureNamesModelPropertyKeyAndValue() throws {
        #expect {
            try JSONModelFixture.decode(Validated.self)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                let underlying = context.underlyingError as? FastMapError
            else { return false }
            return context.codingPath.map(\.stringValue) == ["width"]
                && context.debugDescription.contains("Validated.width")
                && context.debugDescription.contains("\"width\"")
                && context.debugDescription.contains("validation failed") && !"\(error)".contains("400")
                && underlying.kind == .invalidValue && underlying.foundSnippet == "400"
                && underlying.pathDescription == "$.width"
        }
        #expect(try JSONModelFixture.decode(Validated.self, from: #"{"width": 501}"#).width == 501)
    }

    @Test func validationsCombineAndSkipNil() throws {
        let value = try JSONModelFixture.decode(ValidatedMore.self)
        #expect(value.title.hasPrefix("     Create"))
        #expect(value.teaser == "https://example.com/teaser.gif")
        #expect(value.absent == nil)
        #expect(value.width == 501)
        #expect(throws: DecodingError.self) {
            try JSONModelFixture.decode(ValidatedMore.self, from: #"{"title": "abc", "images": {"teaser": "x"}}"#)
        }
        #expect(throws: DecodingError.self) {
            try JSONModelFixture.decode(
                ValidatedMore.self, from: #"{"title": "abcd", "images": {"teaser": "x"}, "nothing": -1}"#)
        }
    }
}
