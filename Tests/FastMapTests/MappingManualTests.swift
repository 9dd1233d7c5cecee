import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// matthewcheok-style manual mapping: `json.decode("a.b[0]")`, transformers, top-level arrays.
@Suite struct MappingManualTests {
    static let john = json(
        #"""
        {"id": 24, "full_name": "John Appleseed", "email": "john@appleseed.com",
         "company": {"name": "Apple", "address": "1 Infinite Loop, Cupertino, CA"},
         "friends": [{"id": 27, "full_name": "Bob Jefferson", "friends": []},
                     {"id": 29, "full_name": "Jen Jackson", "friends": []}],
         "friendsLookup": {"Bob Jefferson": {"id": 27, "friends": [], "full_name": "Bob Jefferson"}}}
        """#)

    static let johnDecoded = User(
        id: 24, name: "John Appleseed", email: "john@appleseed.com",
        company: Company(name: "Apple", address: "1 Infinite Loop, Cupertino, CA"),
        friends: [User(id: 27, name: "Bob Jefferson"), User(id: 29, name: "Jen Jackson")],
        friendsLookup: ["Bob Jefferson": User(id: 27, name: "Bob Jefferson")])

    @Test func regularModelWithFriendsAndLookup() throws {
        #expect(try User(json: Self.john) == Self.johnDecoded)
        let users: [User] = try JSON(array: [Self.john, Self.john]).decode(.root)
        #expect(users == [Self.johnDecoded, Self.johnDecoded])
        let viaOperator: [User] = try JSON(members: [("users", [Self.john])]) => "users"
        #expect(viaOperator == [Self.johnDecoded])
    }

    @Test func indexedPathsAndOptionals() throws {
        let jen = json(
            #"{"id": 99, "full_name": "Jen Jackson", "friends": [], "properties": [{"likes": 5}, {"likes": 15}]}"#)
        let user = try User(json: jen)
        #expect(user.likes == 5)
        #expect(user.email == nil && user.company == nil && user.friendsLookup == nil)
        let second: Int = try jen.decode("properties[1].likes")
        #expect(second == 15)
        let likes: [Int] = try (0..<2).map { index in try jen.decode("properties[\(index)].likes") }
        #expect(likes == [5, 15])
        // Optional results: nil when any step is missing or null, never for a wrong type.
        let beyond: Int? = try jen.decode("properties[7].likes")
        let noKey: Int? = try jen.decode("nothing.deeper")
        let nullStep: Int? = try json(#"{"a": null}"#).decode("a.b")
        #expect(beyond == nil && noKey == nil && nullStep == nil)
        expectMappingError(.typeMismatch, at: "$.full_name") { () throws -> Int? in try jen.decode("full_name") }
        expectMappingError(.typeMismatch, at: "$.full_name") { () throws -> Int? in try jen.decode("full_name.first") }
        // Non-optional results throw, naming the path.
        expectMappingError(.keyNotFound, at: "$.properties[7]") { () throws -> Int in
            try jen.decode("properties[7].likes")
        }
        expectMappingError(.keyNotFound, at: "$.email") { () throws -> String in try jen.decode("email") }
        expectMappingError(.valueNotFound, at: "$.a") { () throws -> Int in try json(#"{"a": null}"#).decode("a") }
        let error = expectMappingError(.typeMismatch, at: "$.friends[0].id") { () throws -> User in
            try User(
                json: json(#"{"id": 1, "full_name": "A", "friends": [{"id": "x", "full_name": "B", "friends": []}]}"#))
        }
        #expect(error?.expectedType == "Int")
    }

    @Test func nestedCodableArrays() throws {
        let document = json(
            #"""
            {"areas": [[10.0, 10.5, 12.5]], "places": [["Tokyo", "New York", "El Cerrito"]],
             "business": [[{"name": "Apple", "address": "1 Infinite Loop, Cupertino, CA"},
                           {"name": "Propeller", "address": "1212 broadway, Oakland, CA"}]],
             "assets": [[{"name": "image-name", "uri": "http://www.example.com/image.png"},
                         {"name": "image2-name", "uri": "http://www.example.com/image2.png"}]]}
            """#)
        let nested = try NestItem(json: document)
        #expect(nested.areas.first == [10.0, 10.5, 12.5])
        #expect(nested.places?.first == ["Tokyo", "New York", "El Cerrito"])
        #expect(nested.business.first?.map(\.name) == ["Apple", "Propeller"])
        #expect(nested.assets?.first?.map(\.name) == ["image-name", "image2-name"])
        #expect(nested.assets?.first?.last?.uri == URL(string: "http://www.example.com/image2.png"))
        let sparse = try NestItem(json: json(#"{"areas": [], "business": [[]]}"#))
        #expect(sparse.places == nil && sparse.assets == nil && sparse.business == [[]])
    }

    @Test func enumsAndEnumArrays() throws {
        #expect(try Fruit(json: json(#"{"name": "apple", "color": "Red"}"#)) == Fruit(name: "apple", color: .red))
        #expect(
            try Food(json: json(#"{"name": "Seaweed Pasta", "cuisines": ["Italian", "Japanese"]}"#))
                == Food(name: "Seaweed Pasta", cuisines: [.italian, .japanese]))
        let values = json(#"{"values": ["Red", "Blue", "Red"], "mixed": ["Red", "Green", "Blue"]}"#)
        let colors: [FruitColor] = try values.decode("values")
        #expect(colors == [.red, .blue, .red])
        let optionalColors: [FruitColor]? = try values.decode("values")
        #expect(optionalColors == colors)
        // Unknown raw values fail, naming the element; skip them explicitly if that is wanted.
        expectMappingError(.invalidValue, at: "$.mixed[1]") { () throws -> [FruitColor] in try values.decode("mixed") }
        #expect(try values.decodeArray(FruitColor.self, at: "mixed", skippingInvalid: true) == [.red, .blue])
        expectMappingError(.invalidValue, at: "$.color") { try Fruit(json: json(#"{"name": "x", "color": "Green"}"#)) }
    }

    @Test func arraysOfScalarsAndObjects() throws {
        for (text, expected) in [("[0, 1, 2]", [0, 1, 2] as [AnyHashable]), (#"["0", "1"]"#, ["0", "1"])] {
            let document = json(#"{"values": \#(text)}"#)
            if expected.first is Int {
                let ints: [Int] = try document.decode("values")
                #expect(ints as [AnyHashable] == expected)
            } else {
                let strings: [String]? = try document.decode("values")
                #expect(strings.map { $0 as [AnyHashable] } == expected)
            }
        }
        let doubles: [Double] = try json(#"{"v": [0.0, 0.1, 0.2]}"#).decode("v")
        #expect(doubles == [0.0, 0.1, 0.2])
        let bools: [Bool] = try json(#"{"v": [true, false, true]}"#).decode("v")
        #expect(bools == [true, false, true])
        let companies: [Company] = try json(#"{"values": [{"name": "1", "address": "2"}, {"name": "2"}]}"#).decode(
            "values")
        #expect(companies == [Company(name: "1", address: "2"), Company(name: "2", address: nil)])
        let empty: [Int] = try json(#"{"values": []}"#).decode("values")
        #expect(empty.isEmpty)
    }

    @Test func mixedItemsFilteredOrNot() throws {
        let mixed = json(
            #"""
            [{"idList": [1, 2, 3], "class": "propertyType", "rel": "propertyType",
              "properties": {"name": "John", "location": {"coord": {"lat": 37.79077, "long": -122.402015}}}},
             {"name": "CompanyInc", "address": "1414 place st Los Angeles, CA"},
             {"idList": [1, 2, 3], "class": "propertyType", "rel": "propertyType",
              "properties": {"name": "Joe", "location": {"coord": {"lat": 38.79077, "long": -121.402015}}}},
             {"name": "SoftwareInc", "address": "1313 place st Oakland, CA"}]
            """#)
        let companies = try mixed.decodeArray(Company.self, skippingInvalid: true)
        #expect(companies.map(\.name) == ["CompanyInc", "SoftwareInc"])
        expectMappingError(.keyNotFound, at: "$[0].name") { try mixed.decodeArray(Company.self) }
        let properties = try mixed.decodeArray(PropertyItem.self, skippingInvalid: true)
        #expect(properties.map(\.name) == ["John", "Joe"])
        #expect(properties.first?.lat == 37.79077)
    }

    @Test func topLevelArrayAccess() throws {
        let messages = json(
            #"[{"ID": 568, "av": 125435865, "ad": "2016-06-07", "ar": 0, "at": 0, "ah": 0, "aj": "te"}, {"ID": 415}]"#)
        let complex = try MessageComplex(json: messages)
        #expect(complex.first == messages[0])
        #expect(complex.nestedID == 415)
        let all: [JSON] = try messages.decode("")
        #expect(all.count == 2)
        let firstAsObject: [String: JSON] = try messages.decode("[0]")
        #expect(firstAsObject["aj"]?.string == "te")
        expectMappingError(.keyNotFound, at: "$[2]") { () throws -> JSON in try messages.decode("[2]") }
        expectMappingError(.keyNotFound, at: "$[1].av") { () throws -> Int in try messages.decode("[1].av") }
    }

    /// matthewcheok parsed `[n]` with `Int(_:)`; FastMap's paths take brackets holding a plain
    /// non-negative decimal as an index and keep anything else as part of the key.
    @Test func arrayIndexParsing() throws {
        #expect(JSONKeyPath("[0]").components == [.index(0)])
        #expect(JSONKeyPath("[1]").components == [.index(1)])
        #expect(JSONKeyPath("[10]").components == [.index(10)])
        #expect(JSONKeyPath("[202]").components == [.index(202)])
        #expect(JSONKeyPath("[1111111]").components == [.index(1_111_111)])
        #expect(JSONKeyPath("[zero]").components == [.key("[zero]")])
        #expect(JSONKeyPath("[1A]").components == [.key("[1A]")])
        #expect(JSONKeyPath("[^]").components == [.key("[^]")])
        #expect(JSONKeyPath("HAHA").components == [.key("HAHA")])
        #expect(JSONKeyPath("[-1]").components == [.key("[-1]")])
        #expect(JSONKeyPath("list[10].a").components == [.key("list"), .index(10), .key("a")])
        // What that means when decoding. An index past the end is missing (nil when optional);
        // `[-1]` and `[1A]` are keys, so on an array they are a type mismatch even for an
        // optional result (matthewcheok read `[-1]` as index -1, out of range, hence nil).
        let list = json("[" + (0...10).map(String.init).joined(separator: ",") + "]")
        #expect(try list.decode("[10]") as Int == 10)
        let beyond: Int? = try list.decode("[11]")
        #expect(beyond == nil)
        expectMappingError(.keyNotFound, at: "$[11]") { () throws -> Int in try list.decode("[11]") }
        for key in ["[-1]", "[1A]", "[zero]"] {
            let error = expectMappingError(.typeMismatch, at: "$") { () throws -> Int? in
                try list.decode(JSONKeyPath(key))
            }
            #expect(error?.message == "cannot look up \(key) in array: expected object")
        }
        let keyed = json(#"{"[-1]": "minus one", "[1A]": "one A", "list[-1]": "literal"}"#)
        #expect(try keyed.decode("[-1]") as String == "minus one")
        #expect(try keyed.decode("[1A]") as String == "one A")
        #expect(try keyed.decode("list[-1]") as String == "literal")
    }

    // MARK: Transformers

    @Test func decodingWithTransformers() throws {
        let asset = json(#"{"name": "image-name", "uri": "http://www.example.com/image.png"}"#)
        #expect(
            try ImageAsset(json: asset)
                == ImageAsset(name: "image-name", uri: URL(string: "http://www.example.com/image.png")))
        let noURI = try ImageAsset(json: json(#"{"name": "x", "uri": null}"#))
        #expect(noURI.uri == nil)
        let website: URL = try asset.decode("uri", transformer: .stringToURL)
        #expect(website.host == "www.example.com")
        let missing: URL? = try asset.decode("website", transformer: .stringToURL)
        #expect(missing == nil)
        let rejected = try #require(
            expectMappingError(.invalidValue, at: "$.uri") { () throws -> URL? in
                try json(#"{"uri": ""}"#).decode("uri", transformer: .stringToURL)
            })
        #expect(rejected.expectedType == "URL")
        #expect(rejected.foundSnippet == #""""#)
        expectMappingError(.typeMismatch, at: "$.uri") { () throws -> URL in
            try json(#"{"uri": 5}"#).decode("uri", transformer: .stringToURL)
        }
        expectMappingError(.keyNotFound, at: "$.website") { () throws -> URL in
            try asset.decode("website", transformer: .stringToURL)
        }
        expectMappingError(.valueNotFound, at: "$.uri") { () throws -> URL in
            try json(#"{"uri": null}"#).decode("uri", transformer: .stringToURL)
        }
    }

    @Test func customTransformers() throws {
        let hexadecimal = JSONValueTransformer<String, Int>(
            decoding: { Int($0, radix: 16) }, encoding: { String($0, radix: 16) })
        let document = json(#"{"color": "ff8800", "bad": "xyz", "list": ["a", "b"]}"#)
        #expect(try document.decode("color", transformer: hexadecimal) as Int == 0xFF8800)
        expectMappingError(.invalidValue, at: "$.bad") { () throws -> Int in
            try document.decode("bad", transformer: hexadecimal)
        }
        let joined = JSONValueTransformer<[String], String>(
            decoding: { $0.joined(separator: ",") }, encoding: { $0.split(separator: ",").map(String.init) })
        #expect(try document.decode("list", transformer: joined) as String == "a,b")
        struct Refused: Error {}
        let throwing = JSONValueTransformer<String, Int>(decoding: { _ in throw Refused() }, encoding: { _ in nil })
        #expect(throws: Refused.self) { () throws -> Int in try document.decode("color", transformer: throwing) }
        #expect("\(hexadecimal)" == "JSONValueTransformer String <-> Int")
    }

    @Test func stringToDateTransformer() throws {
        let transformer = JSONValueTransformer<String, Date>.stringToDate
        let date = try #require(try transformer.decoding("2016-06-07T12:34:56.789Z"))
        #expect(abs(date.timeIntervalSince1970 - 1_465_302_896.789) < 0.000_001)
        #expect(try transformer.encoding(date) == "2016-06-07T12:34:56.789Z")
        let document = json(#"{"created": "2016-02-29T00:00:00.000Z", "bad": "2015-02-29T00:00:00.000Z"}"#)
        let leapDay: Date = try document.decode("created", transformer: .stringToDate)
        #expect(leapDay.timeIntervalSince1970 == 1_456_704_000)
        expectMappingError(.invalidValue, at: "$.bad") { () throws -> Date in
            try document.decode("bad", transformer: .stringToDate)
        }
        for rejected in [
            "2016-06-07T12:34:56Z", "2016-06-07T12:34:56.78Z", "2016-06-07 12:34:56.789Z", "2016-13-07T12:34:56.789Z",
            "2016-06-07T24:00:00.000Z", "2016-06-07T12:60:00.000Z", "2016-06-07T12:34:56.789+01:00",
            "2016-06-00T12:34:56.789Z", "２016-06-07T12:34:56.789Z", "",
        ] {
            #expect(try transformer.decoding(rejected) == nil, "\(rejected)")
        }
        #expect(try transformer.encoding(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(try transformer.encoding(Date(timeIntervalSince1970: 0.0004)) == "1970-01-01T00:00:00.000Z")
        #expect(try transformer.encoding(Date(timeIntervalSince1970: 0.0006)) == "1970-01-01T00:00:00.001Z")
        #expect(try transformer.encoding(Date(timeIntervalSince1970: 1e14)) == nil)
        // Four-digit years only, judged after rounding to the millisecond; never a non-finite date.
        #expect(
            try transformer.encoding(Date(timeIntervalSince1970: 253_402_300_799.999)) == "9999-12-31T23:59:59.999Z")
        #expect(try transformer.encoding(Date(timeIntervalSince1970: 253_402_300_799.9996)) == nil)
        #expect(try transformer.encoding(Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00.000Z")
        #expect(try transformer.encoding(Date(timeIntervalSince1970: -62_167_219_200.001)) == nil)
        #expect(try transformer.encoding(Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(try transformer.encoding(Date(timeIntervalSince1970: .nan)) == nil)
    }

    @Test func stringToDateMatchesFoundationOnManyDates() throws {
        // Compared with Foundation's ISO 8601 style in UTC, from 1583 (Foundation switches to the
        // Julian calendar before the Gregorian reform; ISO 8601, and this transformer, do not)
        // to 9999. Foundation truncates to the millisecond, so it formats a date a tenth of a
        // millisecond later, where truncating and rounding agree.
        var generator = SeededGenerator(seed: 0x5EED)
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let transformer = JSONValueTransformer<String, Date>.stringToDate
        for _ in 0..<2000 {
            let milliseconds = Int64.random(in: -12_212_553_600_000..<253_402_300_800_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = try #require(try transformer.encoding(date))
            #expect(
                text == style.format(Date(timeIntervalSince1970: (Double(milliseconds) + 0.1) / 1000)),
                "\(milliseconds)")
            // Every date written reads back exactly.
            let back = try #require(try transformer.decoding(text))
            #expect(Int64((back.timeIntervalSince1970 * 1000).rounded()) == milliseconds, "\(text)")
        }
        // Before 1583 the proleptic Gregorian calendar still round-trips.
        let early = try #require(try transformer.decoding("0001-01-01T00:00:00.000Z"))
        #expect(early.timeIntervalSince1970 == -62_135_596_800)
        #expect(try transformer.encoding(early) == "0001-01-01T00:00:00.000Z")
    }
}
