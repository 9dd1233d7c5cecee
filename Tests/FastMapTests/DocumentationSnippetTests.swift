import FastMap
import Foundation
import Testing

/// The code of the FastMap DocC articles (Sources/FastMap/FastMap.docc), run as written there,
/// so a snippet that stops compiling or stops doing what its comment says fails here. Streaming
/// snippets are in `StreamingDocumentationSnippetTests`.
@Suite struct DocumentationSnippetTests {
    struct User: Codable, Equatable {
        let id: Int
        let userName: String
        let tags: [String]
    }

    /// FastMap.md (overview) and GettingStarted.md.
    @Test func gettingStarted() throws {
        let data = Data(#"{"id": 7, "user_name": "ada", "tags": ["admin"]}"#.utf8)

        let decoder = FastJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let user = try decoder.decode(User.self, from: data)
        #expect(user == User(id: 7, userName: "ada", tags: ["admin"]))

        let encoder = FastJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let bytes = try encoder.encode(user)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"id":7,"tags":["admin"],"user_name":"ada"}"#)
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        foundation.keyEncodingStrategy = .convertToSnakeCase
        #expect(try foundation.encode(user) == bytes)

        let payload = Data(#"{"repo": {"owner": {"id": 1, "user_name": "grace", "tags": []}}}"#.utf8)
        let owner = try decoder.decode(User.self, from: payload, at: "repo.owner")
        #expect(owner == User(id: 1, userName: "grace", tags: []))
    }

    @Test func readingAndBuildingValues() throws {
        let json = try JSON(string: #"{"user": {"name": "Ada", "ids": [1, 18446744073709551615]}}"#)
        #expect(json["user"]?["name"]?.string == "Ada")
        #expect(json["user.ids[1]" as JSONKeyPath]?.uint64 == 18_446_744_073_709_551_615)
        #expect(json[JSONKeyPath("user", "ids", 0)]?.int == 1)
        #expect(json["user"]?.kind == .object)

        let error = try #require(throws: FastMapError.self) { try json.value(at: "user.email") }
        #expect("\(error)".hasPrefix("keyNotFound at $.user.email: "))

        let built: JSON = ["name": "Ada", "ids": [1, 2.5, nil, true]]
        let text = try built.data(options: [.sortedKeys])
        #expect(String(decoding: text, as: UTF8.self) == #"{"ids":[1,2.5,null,true],"name":"Ada"}"#)
    }

    struct Event: Codable, Equatable {
        let name: String
        let startsAt: Date
    }

    /// MigratingFromFoundation.md.
    @Test func migratingFromFoundation() throws {
        let data = Data(#"{"name": "launch", "starts_at": 1700000000}"#.utf8)
        let decoder = FastJSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let event = try decoder.decode(Event.self, from: data)
        #expect(event == Event(name: "launch", startsAt: Date(timeIntervalSince1970: 1_700_000_000)))

        let encoder = FastJSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        let bytes = try encoder.encode(event)
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .secondsSince1970
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.outputFormatting = [.sortedKeys]
        #expect(try foundation.encode(event) == bytes)

        let json = try JSON(data: Data(#"{"name": "Ada", "b": 1}"#.utf8))
        #expect(json["name"]?.string == "Ada")
        let text = try json.data(options: [.sortedKeys])
        #expect(String(decoding: text, as: UTF8.self) == #"{"b":1,"name":"Ada"}"#)
        let any = json.foundationObject
        #expect((any as? [String: Any])?["name"] as? String == "Ada")
        #expect(try JSON(foundationObject: any) == json)
    }

    /// The Foundation names, so code written for Foundation's coders switches with a typealias
    /// (in a function of its own: the aliases would shadow Foundation's types in all of it).
    @Test func foundationNamesSwitchWithATypealias() throws {
        typealias JSONDecoder = FastJSONDecoder
        typealias JSONEncoder = FastJSONEncoder
        let decoder = JSONDecoder()
        let strategy: JSONDecoder.DateDecodingStrategy = .secondsSince1970
        decoder.dateDecodingStrategy = strategy
        let event = try decoder.decode(Event.self, from: Data(#"{"name": "a", "startsAt": 1}"#.utf8))
        #expect(event == Event(name: "a", startsAt: Date(timeIntervalSince1970: 1)))
        let encoder = JSONEncoder()
        let formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
        encoder.outputFormatting = formatting
        #expect(try encoder.encode(["b": 1, "a": 2]) == Data(#"{"a":2,"b":1}"#.utf8))
    }

    struct Owner: Decodable, Equatable {
        let login: String
    }

    struct Repository: JSONMappable {
        let name: String
        let stars: Int
        let owner: Owner
        let homepage: URL?

        init(json: JSON) throws {
            name = try json => "name"
            stars = try json => "stars"
            owner = try json => "owner"
            homepage = try json =>? "homepage"
        }
    }

    static let repositoryText = #"""
        {"repo": {"name": "fastmap", "owner": {"login": "ada"}, "stars": 42, "topics": ["json"]},
         "user": {"bio": null}, "website": "https://example.com"}
        """#

    /// HandMapping.md.
    @Test func handMapping() throws {
        let json = try JSON(string: Self.repositoryText)
        let path: JSONKeyPath = "repo.topics[0]"
        #expect(json[path]?.string == "json")
        let index = 0
        #expect(json["repo.topics[\(index)]" as JSONKeyPath]?.string == "json")
        #expect(json[["repo", "topics", 0] as JSONKeyPath]?.string == "json")

        let login: String = try json => "repo" => "owner" => "login"
        let stars: Int = try json => "repo.stars"
        let bio: String? = try json => "user" =>? "bio"
        let email: String? = try json => "user" =>? "email"
        #expect(login == "ada")
        #expect(stars == 42)
        #expect(bio == nil)
        #expect(email == nil)
        // The table: `=>` throws on a missing key, `=>?` throws on a mismatch.
        #expect(throws: FastMapError.self) { let _: String? = try json => "user" => "email" }
        #expect(throws: FastMapError.self) { let _: Int? = try json =>? "website" }

        let name = try json.decode("repo.name") as String
        let site = try json.decode("website", transformer: .stringToURL)
        let owner = try json.decode(Owner.self, at: "repo.owner")
        #expect(name == "fastmap")
        #expect(site == URL(string: "https://example.com"))
        #expect(owner == Owner(login: "ada"))

        let repository: Repository = try json => "repo"
        #expect(repository.name == "fastmap" && repository.stars == 42 && repository.owner.login == "ada")
        #expect(repository.homepage == nil)
    }

    @Test func mappingErrorsKeepTheirPath() throws {
        let json = try JSON(string: #"{"repo": {"name": "fastmap", "stars": 1, "owner": {"login": 5}}}"#)
        let error = try #require(throws: FastMapError.self) { let _: Repository = try json => "repo" }
        #expect(error.pathDescription == "$.repo.owner.login")
    }

    @Test func transformersAndBuilding() throws {
        let cents = JSONValueTransformer<Int, Double>(
            decoding: { Double($0) / 100 },
            encoding: { Int(($0 * 100).rounded()) })
        let json = try JSON(string: #"{"price": 629, "bad": "x"}"#)
        #expect(try json.decode("price", transformer: cents) == 6.29)
        let rejected = try #require(throws: FastMapError.self) {
            let _: URL = try json.decode(
                "bad",
                transformer: JSONValueTransformer<String, URL>(
                    decoding: { _ in nil }, encoding: { $0.absoluteString }))
        }
        #expect(rejected.kind == .invalidValue)
        let written = try JSON.build { try $0.encode(6.29, key: "price", transformer: cents) }
        #expect(try written.jsonString() == #"{"price":629}"#)

        let out = try JSON.build { builder in
            try builder.encode("Ada", key: "full_name")
            try builder.encode(51.5, key: "properties.location.lat")
            try builder.encode(URL(string: "https://example.com")!, key: "website", transformer: .stringToURL)
        }
        let text = try out.jsonString()
        #expect(
            text == #"{"full_name":"Ada","properties":{"location":{"lat":51.5}},"website":"https:\/\/example.com"}"#)
    }

    /// ErrorHandling.md.
    @Test func fastMapErrors() throws {
        let json = try JSON(string: #"{"flights": [{"passengers": [{"name": 42}]}]}"#)
        let error = try #require(throws: FastMapError.self) {
            let name: String = try json => "flights[0].passengers[0].name"
            print(name)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.pathDescription == "$.flights[0].passengers[0].name")
        #expect(error.expectedType == "String")
        #expect(error.foundKind == .number)
        #expect(error.foundSnippet == "42")
        #expect(error.debugDescription.hasPrefix(error.description))

        let syntax = try #require(throws: FastMapError.self) { try JSON(string: "{\"a\": [1, 2,, 3]}") }
        #expect(syntax.kind == .syntax)
        #expect(syntax.location?.line == 1)
        #expect(syntax.location?.offset == 12)
    }

    struct Passenger: Decodable { let name: String }

    @Test func codableErrors() throws {
        let error = try #require(throws: DecodingError.self) {
            try FastJSONDecoder().decode([Passenger].self, from: Data(#"[{"name": "Ada"}, {"name": 7}]"#.utf8))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "name"])
        let details = context.underlyingError as? FastMapError
        #expect(details?.pathDescription == "$[1].name")
        #expect(details?.foundSnippet == "7")

        let encoding = try #require(throws: EncodingError.self) {
            try FastJSONEncoder().encode(["list": [1, -Float.infinity]])
        }
        guard case .invalidValue(_, let encodingContext) = encoding else {
            Issue.record("expected invalidValue, got \(encoding)")
            return
        }
        #expect(encodingContext.debugDescription == "Unable to encode Float.-inf directly in JSON.")
        #expect((encodingContext.underlyingError as? FastMapError)?.pathDescription == "$.list[1]")
    }
}
