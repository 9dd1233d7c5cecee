import FastMap
import Foundation
import Testing

/// Building JSON by hand: keys, nesting, optionals, transformers, text round trips.
@Suite struct MappingBuilderTests {
    @Test func writesValuesUnderKeysInOrder() throws {
        let built = try JSON.build { builder in
            try builder.encode(24, key: "id")
            try builder.encode("John Appleseed", key: "full_name")
            try builder.encode(true, key: "admin")
            try builder.encode(0.1, key: "ratio")
            try builder.encode(Float(0.1), key: "float")
            try builder.encode(["a", "b"], key: "tags")
            try builder.encode(["x": 1], key: "counts")
        }
        #expect(
            try built.jsonString()
                == #"{"id":24,"full_name":"John Appleseed","admin":true,"ratio":0.1,"float":0.1,"tags":["a","b"],"counts":{"x":1}}"#
        )
        #expect(built.keys == ["id", "full_name", "admin", "ratio", "float", "tags", "counts"])
    }

    @Test func dottedKeysCreateNesting() throws {
        let item = PropertyItem(
            name: "person", long: -122.402015, lat: 37.79077, rel: "propertyType", type: "propertyType")
        let built = try item.toJSON()
        let expected = json(
            #"""
            {"rel": "propertyType", "class": "propertyType",
             "properties": {"name": "person", "location": {"coord": {"long": -122.402015, "lat": 37.79077}}}}
            """#)
        #expect(built == expected)
        #expect(try PropertyItem(json: built) == item)
        // Decoding then encoding gives the document back (matthewcheok's nesting test).
        #expect(try PropertyItem(json: expected).toJSON() == expected)
    }

    @Test func optionalsAreLeftOutUnlessNullsAreAsked() throws {
        let email: String? = nil
        let company: Company? = Company(name: "Apple", address: nil)
        let compact = try JSON.build { builder in
            try builder.encode(email, key: "email")
            try builder.encode(company?.toJSON(), key: "company")
            try builder.encode(nil as Int?, key: "deep.er.value")
        }
        #expect(try compact.jsonString() == #"{"company":{"name":"Apple"}}"#)
        let withNulls = try JSON.build(writesNullForNil: true) { builder in
            try builder.encode(email, key: "email")
            try builder.encode(nil as URL?, key: "site", transformer: .stringToURL)
            try builder.encode(nil as Int?, key: "deep.value")
        }
        #expect(try withNulls.jsonString() == #"{"email":null,"site":null,"deep":{"value":null}}"#)
        let explicitNull = try JSON.build { try $0.encodeNull(key: "gone") }
        #expect(try explicitNull.jsonString() == #"{"gone":null}"#)
    }

    @Test func transformersApplyOnTheWayOut() throws {
        let asset = ImageAsset(name: "image-name", uri: URL(string: "http://www.example.com/image.png"))
        let built = try JSON.build { builder in
            try builder.encode(asset.name, key: "name")
            try builder.encode(asset.uri, key: "uri", transformer: .stringToURL)
            try builder.encode(Date(timeIntervalSince1970: 1_465_302_896.789), key: "at", transformer: .stringToDate)
        }
        #expect(
            try built.jsonString(options: .withoutEscapingSlashes)
                == #"{"name":"image-name","uri":"http://www.example.com/image.png","at":"2016-06-07T12:34:56.789Z"}"#)
        #expect(try ImageAsset(json: built) == asset)
        let refusing = JSONValueTransformer<String, Int>(decoding: { Int($0) }, encoding: { _ in nil })
        expectMappingError(.invalidValue, at: "$.n") {
            try JSON.build { try $0.encode(5, key: "n", transformer: refusing) }
        }
        expectMappingError(.invalidValue, at: "$.n") {
            try JSON.build { try $0.encode(5 as Int?, key: "n", transformer: refusing) }
        }
    }

    @Test func keysWrittenTwiceKeepTheirPlace() throws {
        let built = try JSON.build { builder in
            try builder.encode(1, key: "a")
            try builder.encode(2, key: "b")
            try builder.encode(3, key: "a")
            try builder.encode("x", key: "c.d")
            try builder.encode("y", key: "c.e")
            try builder.encode("z", key: "c.d")
        }
        #expect(try built.jsonString() == #"{"a":3,"b":2,"c":{"d":"z","e":"y"}}"#)
    }

    @Test func bracketsWriteArrayElements() throws {
        let built = try JSON.build { builder in
            try builder.encode("first", key: "tags[0]")
            try builder.encode("second", key: "tags[1]")
            try builder.encode("FIRST", key: "tags[0]")
            try builder.encode(5, key: "properties[0].likes")
            try builder.encode(6, key: "properties[1].likes")
            try builder.encode(7, key: "properties[0].dislikes")
            try builder.encode(1, key: "grid[0][0]")
        }
        #expect(
            try built.jsonString()
                == #"{"tags":["FIRST","second"],"properties":[{"likes":5,"dislikes":7},{"likes":6}],"grid":[[1]]}"#)
        let user = try User(json: json(#"{"id": 1, "full_name": "A", "friends": [], "properties": [{"likes": 5}]}"#))
        #expect(try user.toJSON()["properties"]?[0]?["likes"]?.int == 5)
    }

    @Test func buildingErrors() throws {
        expectMappingError(.typeMismatch, at: "$.a") {
            try JSON.build { builder in
                try builder.encode("text", key: "a")
                try builder.encode(1, key: "a.b")
            }
        }
        let mismatch = expectMappingError(.typeMismatch, at: "$.list") {
            try JSON.build { builder in
                try builder.encode([1], key: "list")
                try builder.encode(1, key: "list.b")
            }
        }
        #expect(mismatch?.foundKind == .array)
        #expect(mismatch?.node == [1])
        expectMappingError(.typeMismatch, at: "$[0]") { try JSON.build { try $0.encode(1, key: "[0]") } }
        expectMappingError(.invalidValue, at: "$.list[2]") { try JSON.build { try $0.encode(1, key: "list[2]") } }
        expectMappingError(.invalidValue, at: "$") { try JSON.build { try $0.encode(1, key: "") } }
        expectMappingError(.invalidValue, at: "$.x") { try JSON.build { try $0.encode(Double.nan, key: "x") } }
        expectMappingError(.invalidValue, at: "$.x") { try JSON.build { try $0.encode(-Float.infinity, key: "x") } }
        expectMappingError(.invalidValue, at: "$.x.values[1]") {
            try JSON.build { try $0.encode(["values": [1, .nan]], key: "x") }
        }
        var escaped: JSONBuilder?
        let built = JSON.build { escaped = $0 }
        expectMappingError(.invalidValue, at: "$.late") { try escaped?.encode(1, key: "late") }
        #expect(built == [:])
        #expect(try built.jsonString() == "{}")
    }

    @Test func numbersOfEveryWidthDatesAndURLs() throws {
        let date = Date(timeIntervalSince1970: 1_465_302_896)
        let built = try JSON.build { builder in
            try builder.encode(Int8.min, key: "i8")
            try builder.encode(UInt16.max, key: "u16")
            try builder.encode(Int64.min, key: "i64")
            try builder.encode(UInt64.max, key: "u64")
            try builder.encode(UInt.max, key: "uint")
            try builder.encode(date, key: "date")
            try builder.encode(URL(string: "https://example.com/x")!, key: "url")
            try builder.encode(Decimal(string: "1.25")!, key: "decimal")
        }
        #expect(
            try built.jsonString(options: .withoutEscapingSlashes)
                == #"{"i8":-128,"u16":65535,"i64":-9223372036854775808,"u64":18446744073709551615,"uint":18446744073709551615,"date":"2016-06-07T12:34:56Z","url":"https://example.com/x","decimal":1.25}"#
        )
        // Everything written reads back with the mapping API.
        #expect(try built => "u64" as UInt64 == .max)
        #expect(try built => "i64" as Int64 == .min)
        #expect(try built => "date" as Date == date)
        #expect(try built => "url" as URL == URL(string: "https://example.com/x"))
        expectMappingError(.numberOutOfRange, at: "$.big") {
            try JSON.build { try $0.encode(UInt128(UInt64.max) + 1, key: "big") }
        }
    }

    @Test func encodableModelsAndEnums() throws {
        struct Point: Codable, Equatable {
            let x: Int
            let y: Double?
            let label: String
        }
        let point = Point(x: 1, y: nil, label: "origin")
        let built = try JSON.build { builder in
            try builder.encode(point, key: "point")
            try builder.encode([point], key: "points")
            try builder.encode(Cuisine.italian, key: "cuisine")
            try builder.encode([Cuisine.mexican, .japanese], key: "cuisines")
            try builder.encode(Optional(FruitColor.red), key: "color")
        }
        #expect(try built => "point" as Point == point)
        #expect(try built => "points" as [Point] == [point])
        #expect(try built => "cuisine" as Cuisine == .italian)
        #expect(try built => "cuisines" as [Cuisine] == [.mexican, .japanese])
        #expect(try built => "color" as FruitColor == .red)
        #expect(built["point"]?.keys == ["x", "label"])
    }

    @Test func sharedValuesAreNotChangedByWritingIntoThem() throws {
        let original = json(#"{"location": {"lat": 1, "long": 2}, "list": [1, 2]}"#)
        let location: JSON = try original => "location"
        let built = try JSON.build { builder in
            try builder.encode(location, key: "place")
            try builder.encode(original, key: "all")
            try builder.encode(99, key: "place.lat")
            try builder.encode(3, key: "all.list[2]")
            try builder.encode(true, key: "all.location.extra")
        }
        #expect(
            try built.jsonString()
                == #"{"place":{"lat":99,"long":2},"all":{"location":{"lat":1,"long":2,"extra":true},"list":[1,2,3]}}"#)
        #expect(try original.jsonString() == #"{"location":{"lat":1,"long":2},"list":[1,2]}"#)
        #expect(try location.jsonString() == #"{"lat":1,"long":2}"#)
    }

    @Test func builtValuesOutliveTheDocumentsTheyShare() throws {
        // Parsed with the arena (the default): the built value keeps that document alive.
        var built: JSON?
        do {
            let parsed = try JSON(string: #"{"big": {"list": [1, 2, 3], "text": "kept"}}"#)
            built = try JSON.build { builder in
                try builder.encode(try parsed => "big" as JSON, key: "copy")
                try builder.encode(4, key: "copy.list[3]")
            }
        }
        let value = try #require(built)
        #expect(try value.jsonString() == #"{"copy":{"list":[1,2,3,4],"text":"kept"}}"#)
        #expect(try value => "copy.text" as String == "kept")
    }

    @Test func textRoundTrips() throws {
        let user = try User(json: MappingManualTests.john)
        let built = try user.toJSON()
        #expect(try User(json: built) == user)
        let text = try built.jsonString()
        #expect(try User(jsonString: text) == user)
        #expect(try JSON(string: text) == built)
        let pretty = try built.jsonString(options: [.prettyPrinted, .sortedKeys])
        #expect(pretty.hasPrefix("{\n  \"company\" : {"))
        #expect(try JSON(string: pretty) == built)
        expectMappingError(.syntax, at: "$") { try User(jsonString: "{\"id\": ") }
    }

    @Test func replacedValuesNeverLeaveStaleMarkers() throws {
        // Replacing values (an unsigned integer, a whole object) and writing new ones in many
        // rounds: every value reads back as written, whatever addresses the allocator reuses.
        let original = json(#"{"shared": {"inner": 1}}"#)
        let built = try JSON.build { builder in
            for round in 0..<200 {
                try builder.encode(UInt64.max - UInt64(round), key: "big")
                try builder.encode(["x": round], key: "object")
                try builder.encode(round, key: "object.y")
                try builder.encode(-round, key: "big")
                try builder.encode(-1 - round, key: "small\(round % 7)")
                try builder.encode(original => "shared" as JSON, key: "object")
                try builder.encode(round, key: "object.inner")
            }
        }
        #expect(try built => "big" as Int == -199)
        for key in 0..<7 {
            let value: Int = try built => JSONKeyPath(components: [.key("small\(key)")])
            #expect(value < 0)
        }
        #expect(try built => "object.inner" as Int == 199)
        #expect(try original.jsonString() == #"{"shared":{"inner":1}}"#)
    }

    @Test func deepKeysBuildWithoutRecursionLimits() throws {
        let depth = 3000
        let key = JSONKeyPath(components: Array(repeating: .key("a"), count: depth))
        let built = try JSON.build { try $0.encode(true, key: key) }
        #expect(try built => key as Bool)
        expectMappingError(.depthLimit, at: "$") { try built.jsonString() }
        // A builder dropped half-way through a deep tree releases it without recursion.
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try JSON.build { builder in
                try builder.encode(1, key: key)
                try builder.encode(2, key: "b")
                throw Stop()
            }
        }
    }
}
