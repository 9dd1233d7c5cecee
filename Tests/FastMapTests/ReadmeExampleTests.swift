import FastMap
import Foundation
import Testing

/// The README's code, run as written, so the first thing a newcomer copies works.
@Suite struct ReadmeExampleTests {
    @Test func tour() throws {
        let json = try JSON(string: #"{"user": {"name": "Ada", "ids": [1, 18446744073709551615]}}"#)
        #expect(json["user"]?["name"]?.string == "Ada")
        #expect(json["user.ids[1]" as JSONKeyPath]?.uint64 == 18_446_744_073_709_551_615)
        #expect(json[JSONKeyPath("user", "ids", 0)]?.int == 1)
        let error = try #require(throws: FastMapError.self) { try json.value(at: "user.email") }
        #expect(error.description.contains("$.user.email"))

        let built: JSON = ["name": "Ada", "ids": [1, 2.5, nil, true]]
        #expect(built == (try JSON(string: #"{"ids":[1,2.5,null,true],"name":"Ada"}"#)))
        let data = try json.data(options: [.prettyPrinted, .sortedKeys])
        let foundation = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Data(json.description.utf8)),
            options: [.prettyPrinted, .sortedKeys])
        #expect(data == foundation)
        #expect(try JSON(foundationObject: json.foundationObject) == json)
    }

    struct User: Codable, Equatable {
        let id: Int
        let userName: String
        let tags: [String]
    }

    @Test func codable() throws {
        let data = Data(#"{"repo": {"owner": {"id": 1, "user_name": "ada", "tags": ["x"]}}}"#.utf8)
        let decoder = FastJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let owner = try decoder.decode(User.self, from: data, at: "repo.owner")
        #expect(owner == User(id: 1, userName: "ada", tags: ["x"]))

        decoder.lossyCoercions = [.numbersFromStrings, .boolsFromNumbers, .skipInvalidArrayElements]
        let lenient = try decoder.decode(
            [User].self, from: Data(#"[{"id": "2", "user_name": "b", "tags": []}, 3]"#.utf8))
        #expect(lenient == [User(id: 2, userName: "b", tags: [])])

        let encoder = FastJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode([owner]) == foundationEncoder.encode([owner]))
        #expect(try encoder.encodeToJSON([owner])[0]?["userName"]?.string == "ada")
    }

    struct Pet: Decodable, Equatable { let name: String }
    struct Circle: Decodable { let radius: Double }
    struct Square: Decodable { let side: Double }

    @Test func handMapping() throws {
        let json = try JSON(
            string: #"""
                {"repo": {"owner": {"login": "ada"}}, "user": {"bio": null},
                 "properties": [{"likes": 3}], "website": "https://example.com",
                 "pets": [{"name": "Rex"}, {"name": 1}], "shape": {"side": 2}}
                """#)
        let login: String = try json => "repo" => "owner" => "login"
        let bio: String? = try json => "user" =>? "bio"
        let stars = try json.decode("properties[0].likes") as Int
        let site = try json.decode("website", transformer: .stringToURL)
        let pets = try json.decodeArray(Pet.self, at: "pets", skippingInvalid: true)
        let shape = try json.decodeAsOneOf(Circle.self, Square.self, at: "shape")
        #expect(login == "ada")
        #expect(bio == nil)
        #expect(stars == 3)
        #expect(site == URL(string: "https://example.com"))
        #expect(pets == [Pet(name: "Rex")])
        #expect((shape as? Square)?.side == 2)

        let out = try JSON.build { builder in
            try builder.encode("Ada", key: "full_name")
            try builder.encode(51.5, key: "properties.location.lat")
            try builder.encode(URL(string: "https://example.com")!, key: "website", transformer: .stringToURL)
        }
        #expect(
            try out.jsonString()
                == #"{"full_name":"Ada","properties":{"location":{"lat":51.5}},"website":"https:\/\/example.com"}"#)
    }
}
