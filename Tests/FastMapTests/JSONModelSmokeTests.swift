import FastMap
import Foundation
import Testing

enum URLFromString: JSONValueTransformer {
    struct BadURL: Error {}
    static func decode(_ json: String) throws -> URL {
        guard let url = URL(string: json) else { throw BadURL() }
        return url
    }
    static func encode(_ value: URL) throws -> String { value.absoluteString }
}

@JSONModel
struct SmokeUser: Equatable {
    @Key("first_name") let firstName: String
    @Key("address.zipCode") let zipCode: Int
    @Default("+1 123456789") let phone: String
    @Default(0, onInvalid: true) let views: Int
    @Lossless let social: String
    @Lossy let tags: [String]
    @DateFormat(.rfc2822) let createdAt: Date
    @Modify(.trimmed) let title: String
    @Validate({ $0 > 500 }) let width: Int
    @EncodeNil let nickname: String?
    @Transform(URLFromString.self) let homepage: URL
    @Ignore var cache: [String: Int] = [:]
    let identifier: String
}

@Test func smoke() throws {
    let json = #"""
    {"first_name": "John", "address": {"zipCode": 94040}, "views": "x", "social": 987654321,
     "tags": ["a", 1, "b"], "createdAt": "Thu, 19 Dec 1996 16:39:57 GMT", "title": "  T  ", "width": 600,
     "homepage": "https://example.com", "identifier": "1"}
    """#
    let user = try JSONDecoder().decode(SmokeUser.self, from: Data(json.utf8))
    #expect(user.firstName == "John")
    #expect(user.zipCode == 94040)
    #expect(user.tags == ["a", "b"])
    let data = try JSONEncoder().encode(user)
    let again = try JSONDecoder().decode(SmokeUser.self, from: data)
    #expect(again == user)
}
