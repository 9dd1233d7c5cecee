import FastMapLadybug
import Foundation
import Testing

/// `Default`: values for missing keys, overrides, and defaults that do not fit.
@Suite("Ladybug transformers: Default")
struct LadybugDefaultTransformerTests {
    struct Settings: JSONCodable, Equatable {
        enum Theme: String, Codable { case light, dark }

        let volume: Int
        let theme: Theme
        let name: String?
        let forced: Int
        let renamed: Int
        let since: Date
        let owner: Owner

        struct Owner: JSONCodable, Equatable {
            let id: Int
            let nick: String

            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["nick": "nick_name"]
        }

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "volume": Default(value: 7),
            "theme": Default(value: Theme.dark),
            "name": Default(value: NSNull()),
            "forced": Default(value: 3, override: true),
            "renamed": "re_named" <- Default(value: 11),
            "since": Default(value: Date(timeIntervalSince1970: 86_400)),
            "owner": Default(value: Owner(id: 1, nick: "root")),
        ]
    }

    @Test func defaultsFillMissingKeys() throws {
        let settings = try Settings(data: Data("{}".utf8))
        #expect(
            settings
                == Settings(
                    volume: 7, theme: .dark, name: nil, forced: 3, renamed: 11,
                    since: Date(timeIntervalSince1970: 86_400),
                    owner: .init(id: 1, nick: "root")))
    }

    @Test func presentKeysWinUnlessOverridden() throws {
        let json = """
            {"volume": 2, "theme": "light", "name": "n", "forced": 9, "re_named": 5, "since": 0,
             "owner": {"id": 2, "nick_name": "admin"}}
            """
        let settings = try Settings(data: Data(json.utf8))
        #expect(
            settings
                == Settings(
                    volume: 2, theme: .light, name: "n", forced: 3, renamed: 5, since: Date(timeIntervalSince1970: 0),
                    owner: .init(id: 2, nick: "admin")))
        #expect(try Settings(data: settings.toData()) == settings)
        // The property's own key is read when the key path has nothing.
        #expect(try Settings(data: Data(#"{"renamed": 4}"#.utf8)).renamed == 4)
    }

    @Test func nullIsAValueNotAMissingKey() throws {
        let (error, failure) = try #require(decodingFailure { try Settings(data: Data(#"{"volume": null}"#.utf8)) })
        guard case .valueNotFound(let type, let context) = error else {
            Issue.record("expected valueNotFound, got \(error)")
            return
        }
        #expect(type is Int.Type)
        #expect(context.codingPath.map(\.stringValue) == ["volume"])
        #expect(failure.pathDescription == "$.volume")
        #expect(failure.message.hasPrefix("property `volume` of Settings: "))
    }

    @Test func defaultOfTheWrongTypeNamesTheProperty() throws {
        struct Wrong: JSONCodable {
            let count: Int
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["count": Default(value: "many")]
        }
        let (error, failure) = try #require(decodingFailure { try Wrong(data: Data("{}".utf8)) })
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["count"])
        #expect(failure.message == #"property `count` of Wrong: expected Int, found string"#)
        #expect(try Wrong(data: Data(#"{"count": 2}"#.utf8)).count == 2)
    }

    @Test func defaultWithoutJSONForm() throws {
        final class Opaque: @unchecked Sendable {}
        struct Holder: JSONCodable {
            let value: Int
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["value": Default(value: Opaque())]
        }
        #expect(try Holder(data: Data(#"{"value": 1}"#.utf8)).value == 1)
        let (error, failure) = try #require(decodingFailure { try Holder(data: Data("{}".utf8)) })
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["value"])
        #expect(failure.message == "property `value` of Holder: the default value of type Opaque has no JSON form")
    }

    /// A model's default can be a value of the model itself: it is encoded (with the model's
    /// transformers) when first needed, not while the transformers are being made.
    @Test func defaultOfTheModelItself() throws {
        final class Category: JSONCodable, Equatable {
            let name: String
            let parents: [Category]
            init(name: String, parents: [Category]) {
                self.name = name
                self.parents = parents
            }
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "name": "title", "parents": Default(value: [Category(name: "root", parents: [])]),
            ]
            static func == (lhs: Category, rhs: Category) -> Bool {
                lhs.name == rhs.name && lhs.parents == rhs.parents
            }
        }
        let shoes = try Category(data: Data(#"{"title": "shoes"}"#.utf8))
        #expect(shoes == Category(name: "shoes", parents: [Category(name: "root", parents: [])]))
        let nested = try Category(data: Data(#"{"title": "boots", "parents": [{"title": "shoes"}]}"#.utf8))
        #expect(nested.parents.first?.parents.first?.name == "root")
        #expect(try Category(data: nested.toData()) == nested)
    }
}
