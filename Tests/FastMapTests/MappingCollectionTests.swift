import FastMap
import Foundation
import Testing

/// Arrays (strict, `[T?]`, lossy, nested), dictionaries, numbers of every width, dates, URLs,
/// and `decodeAsOneOf`.
@Suite struct MappingCollectionTests {
    // MARK: Arrays (Anviking's array tests)

    @Test func strictArrays() throws {
        let document = json(#"{"key": ["value1", "value2", "value3"], "nested": {"key": ["a"]}, "none": null}"#)
        let strings: [String] = try document => "key"
        #expect(strings == ["value1", "value2", "value3"])
        let nested: [String] = try document => "nested" => "key"
        #expect(nested == ["a"])
        let optionalArray: [String]? = try document => "key"
        #expect(optionalArray?.count == 3)
        let nestedOptional: [String]? = try document => "nested" => "key"
        #expect(nestedOptional == ["a"])
        let null: [String]? = try document => "none"
        #expect(null == nil)
        expectMappingError(.keyNotFound, at: "$.missing") { () throws -> [String]? in try document => "missing" }
        expectMappingError(.typeMismatch, at: "$.nested") { () throws -> [String] in try document => "nested" }
        let empty: [Int] = try json(#"{"e": []}"#) => "e"
        #expect(empty.isEmpty)
    }

    @Test func arraysOfOptionals() throws {
        let document = json(#"{"key": ["value1", "value2", null, "value3"], "bad": ["a", 2343432205, "b"]}"#)
        let values: [String?] = try document => "key"
        #expect(values == ["value1", "value2", nil, "value3"])
        let error = try #require(
            expectMappingError(.typeMismatch, at: "$.bad[1]") { () throws -> [String?] in try document => "bad" })
        #expect(error.foundSnippet == "2343432205")
        expectMappingError(.valueNotFound, at: "$.key[2]") { () throws -> [String] in try document => "key" }
    }

    @Test func lossyArraysSkipFailingElements() throws {
        let document = json(
            #"""
            {"strings": ["A", 2, "B", null],
             "owners": [{"id": "007", "login": "mradams"}, {"id": 1, "login": "jenglish"}, 2,
                        {"login": "nobody"}, {"id": 7, "login": "mradams"}],
             "optional": [1, null, "x", 3],
             "notArray": {"a": 1}}
            """#)
        #expect(try document.decodeArray(String.self, at: "strings", skippingInvalid: true) == ["A", "B"])
        #expect(
            try document.decodeArray(Owner.self, at: "owners", skippingInvalid: true) == [
                Owner(id: 1, login: "jenglish"), Owner(id: 7, login: "mradams"),
            ])
        #expect(try document.decodeArray(Int?.self, at: "optional", skippingInvalid: true) == [1, nil, 3])
        // Strict by default, naming the element.
        expectMappingError(.typeMismatch, at: "$.strings[1]") { try document.decodeArray(String.self, at: "strings") }
        expectMappingError(.typeMismatch, at: "$.owners[0].id") { try document.decodeArray(Owner.self, at: "owners") }
        // The array itself must be there and be an array.
        expectMappingError(.keyNotFound, at: "$.missing") {
            try document.decodeArray(Int.self, at: "missing", skippingInvalid: true)
        }
        expectMappingError(.typeMismatch, at: "$.notArray") {
            try document.decodeArray(Int.self, at: "notArray", skippingInvalid: true)
        }
        expectMappingError(.valueNotFound, at: "$.x") {
            try json(#"{"x": null}"#).decodeArray(Int.self, at: "x", skippingInvalid: true)
        }
        // A top-level array.
        #expect(try json("[1, \"two\", 3]").decodeArray(Int.self, skippingInvalid: true) == [1, 3])
    }

    @Test func nestedArraysOfAnyDepth() throws {
        let document = json(
            #"""
            {"areas": [[10.0, 10.5, 12.5]], "cube": [[[1, 2], [3]], [[4]]],
             "deep": [[[[[["x"]]]]]], "ragged": [[1], [], [2, null]]}
            """#)
        let areas: [[Double]] = try document => "areas"
        #expect(areas == [[10.0, 10.5, 12.5]])
        let cube: [[[Int]]] = try document => "cube"
        #expect(cube == [[[1, 2], [3]], [[4]]])
        let deep: [[[[[[String]]]]]] = try document => "deep"
        #expect(deep[0][0][0][0][0] == ["x"])
        let ragged: [[Int?]] = try document => "ragged"
        #expect(ragged == [[1], [], [2, nil]])
        expectMappingError(.valueNotFound, at: "$.ragged[2][1]") { () throws -> [[Int]] in try document => "ragged" }
        expectMappingError(.typeMismatch, at: "$.cube[0][0]") { () throws -> [[Int]] in try document => "cube" }
    }

    // MARK: Dictionaries

    @Test func dictionaries() throws {
        let document = json(
            #"""
            {"object": {"key1": 1, "key2": 2, "key3": 3}, "none": null,
             "lists": {"list": [1, 2, 3]}, "nested": {"a": {"b": "c"}}, "mixed": {"a": 1, "b": "x"},
             "byNumber": {"1": "one", "2": "two"}}
            """#)
        let ints: [String: Int] = try document => "object"
        #expect(ints == ["key1": 1, "key2": 2, "key3": 3])
        var optional: [String: Int]? = try document => "object"
        #expect(optional?.count == 3)
        optional = try document => "none"
        #expect(optional == nil)
        let lists: [String: [Int]] = try document => "lists"
        #expect(lists == ["list": [1, 2, 3]])
        let nested: [String: [String: String]] = try document => "nested"
        #expect(nested == ["a": ["b": "c"]])
        let anyValues: [String: JSON] = try document => "mixed"
        #expect(anyValues["b"]?.string == "x")
        let any: Any = try document => "mixed"
        #expect((any as? [String: Any])?.count == 2)
        let byNumber: [Int: String] = try document => "byNumber"
        #expect(byNumber == [1: "one", 2: "two"])
        expectMappingError(.typeMismatch, at: "$.mixed.b") { () throws -> [String: Int] in try document => "mixed" }
    }

    // MARK: Scalars

    @Test func everyIntegerWidth() throws {
        let document = json(
            #"""
            {"i8": -128, "u8": 255, "i16": -32768, "u16": 65535, "i32": -2147483648, "u32": 4294967295,
             "i64": -9223372036854775808, "u64": 18446744073709551615, "int": 9223372036854775807,
             "uint": 18446744073709551615, "whole": 3.0}
            """#)
        #expect(try document => "i8" as Int8 == .min)
        #expect(try document => "u8" as UInt8 == .max)
        #expect(try document => "i16" as Int16 == .min)
        #expect(try document => "u16" as UInt16 == .max)
        #expect(try document => "i32" as Int32 == .min)
        #expect(try document => "u32" as UInt32 == .max)
        #expect(try document => "i64" as Int64 == .min)
        #expect(try document => "u64" as UInt64 == .max)
        #expect(try document => "int" as Int == .max)
        #expect(try document => "uint" as UInt == .max)
        #expect(try document => "whole" as Int == 3)
        #expect(try document => "u8" as Float == 255)
        expectMappingError(.numberOutOfRange, at: "$.u8") { try document => "u8" as Int8 }
        expectMappingError(.numberOutOfRange, at: "$.i8") { try document => "i8" as UInt64 }
        expectMappingError(.numberOutOfRange, at: "$.uint") { try document => "uint" as Int }
    }

    @Test func datesAreISO8601ByDefaultAndConfigurablePerCall() throws {
        let document = json(
            #"""
            {"iso": "2016-06-07T12:34:56Z", "millis": "2016-06-07T12:34:56.789Z", "offset": "2016-06-07T14:34:56+02:00",
             "seconds": 1465302896, "milliseconds": 1465302896789, "bad": "7 June 2016", "list": ["2016-06-07T12:34:56Z"]}
            """#)
        let expected = Date(timeIntervalSince1970: 1_465_302_896)
        #expect(try document => "iso" as Date == expected)
        #expect(try document => "offset" as Date == expected)
        let millis: Date = try document => "millis"
        #expect(abs(millis.timeIntervalSince1970 - 1_465_302_896.789) < 0.000_5)
        let list: [Date] = try document => "list"
        #expect(list == [expected])
        let optional: Date? = try document =>? "missing"
        #expect(optional == nil)
        let error = try #require(expectMappingError(.invalidValue, at: "$.bad") { try document => "bad" as Date })
        #expect(error.foundSnippet == #""7 June 2016""#)
        expectMappingError(.typeMismatch, at: "$.seconds") { try document => "seconds" as Date }
        // Per call.
        #expect(try document.decode(Date.self, at: "seconds", dateDecodingStrategy: .secondsSince1970) == expected)
        let fromMilliseconds = try document.decode(
            Date.self, at: "milliseconds", dateDecodingStrategy: .millisecondsSince1970)
        #expect(abs(fromMilliseconds.timeIntervalSince1970 - 1_465_302_896.789) < 0.000_5)
        expectMappingError(.typeMismatch, at: "$.iso") {
            try document.decode(Date.self, at: "iso", dateDecodingStrategy: .secondsSince1970)
        }
        let decoder = FastJSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let byName = json(#"{"dates": {"start": 1465302896}}"#)
        #expect(try byName.decode([String: Date].self, at: "dates", using: decoder) == ["start": expected])
    }

    @Test func urls() throws {
        let document = json(#"{"site": "https://example.com/a?b=c", "empty": "", "n": 1}"#)
        #expect(try document => "site" as URL == URL(string: "https://example.com/a?b=c"))
        expectMappingError(.invalidValue, at: "$.empty") { try document => "empty" as URL }
        expectMappingError(.typeMismatch, at: "$.n") { try document => "n" as URL }
    }

    // MARK: decodeAsOneOf (Anviking's Vehicle tests)

    static let vehicles = json(
        #"""
        {"vehicles": [
            {"driverless": true, "electric": true},
            {"driverless": false, "wheels": 18},
            {"driverless": true},
            {"driverless": false, "wheels": 18}
        ]}
        """#)

    @Test func decodingSubtypes() throws {
        let vehiclesJSON: JSON = try Self.vehicles => "vehicles"
        let viaArray = try Self.vehicles.decodeArrayAsOneOf(Train.self, Truck.self, Car.self, at: "vehicles")
        let oneByOne = try vehiclesJSON.elements.map { try $0.decodeAsOneOf(Train.self, Truck.self, Car.self) }
        #expect(viaArray.count == 4 && oneByOne.count == 4)
        #expect(viaArray.map { "\(type(of: $0))" } == ["Train", "Truck", "Car", "Truck"])
        #expect(oneByOne.map { "\(type(of: $0))" } == ["Train", "Truck", "Car", "Truck"])
        for truck in viaArray.compactMap({ $0 as? Truck }) { #expect(truck.wheels == 18) }
        #expect((viaArray.first as? Train)?.electric == true)
        let typed = try Self.vehicles.decodeArrayAsOneOf(
            Train.self, Truck.self, Car.self, as: (any Vehicle).self, at: "vehicles")
        #expect(typed.map(\.driverless) == [true, false, true, false])
        let single = try Self.vehicles.decodeAsOneOf(Truck.self, Car.self, as: (any Vehicle).self, at: "vehicles[1]")
        #expect(single is Truck)
    }

    @Test func decodeAsOneOfFailures() throws {
        let error = try #require(
            expectMappingError(.keyNotFound, at: "$.vehicles[2].wheels") {
                try Self.vehicles.decodeArrayAsOneOf(Train.self, Truck.self, at: "vehicles")
            })
        #expect(error.message.hasPrefix("none of Train, Truck matches; Truck: "))
        expectMappingError(.typeMismatch, at: "$.vehicles[0]") {
            try Self.vehicles.decodeArrayAsOneOf(Train.self, as: Owner.self, at: "vehicles")
        }
        expectMappingError(.invalidValue, at: "$") { try Self.vehicles.decodeAsOneOf() }
        expectMappingError(.typeMismatch, at: "$.vehicles[0]") {
            try Self.vehicles.decodeArrayAsOneOf(Int.self, String.self, at: "vehicles")
        }
        expectMappingError(.typeMismatch, at: "$.vehicles[0]") {
            try Self.vehicles.decodeArrayAsOneOf(Car.self, at: "vehicles[0]")
        }
        // Candidates are told apart by content too, in the order given.
        let counters = json(#"[{"kind": "counter", "count": 2}, {"kind": "label", "count": 3}]"#)
        let mixed = try counters.decodeArrayAsOneOf(Counter.self, [String: JSON].self)
        #expect(mixed[0] as? Counter == (try Counter(json: json(#"{"kind": "counter", "count": 2}"#))))
        #expect((mixed[1] as? [String: JSON])?["kind"]?.string == "label")
    }
}
