import FastMapLadybug
import Foundation
import Testing

/// Ladybug's transformer semantics, on the parsed tree and on dictionaries.
@Suite("Ladybug transformers")
struct LadybugTransformerTests {
    typealias Tree = LadybugReadme.Tree
    typealias Flight = LadybugReadme.Flight

    // MARK: Default

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
        #expect(failure.message == #"property `count` of Wrong: expected Int, found string "many""#)
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

    // MARK: Map

    struct Mapped: JSONCodable, Equatable {
        let count: Int
        let total: Int?
        let label: String?

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "count": Map<Int> { ($0 as? String).flatMap { Int($0) } },
            "total": Map<Int>(keyPath: "items") { ($0 as? [Int])?.reduce(0, +) },
            "label": "meta.label" <- Map<String> { ($0 as? String)?.uppercased() },
        ]
    }

    @Test func mapTransformsTheRawValue() throws {
        let json = #"{"count": "12", "items": [1, 2, 3], "meta": {"label": "abc"}}"#
        #expect(try Mapped(data: Data(json.utf8)) == Mapped(count: 12, total: 6, label: "ABC"))
    }

    @Test func mapReturningNilReadsTheOwnKey() throws {
        #expect(try Mapped(data: Data(#"{"count": 4}"#.utf8)) == Mapped(count: 4, total: nil, label: nil))
        #expect(try Mapped(data: Data(#"{"count": "1", "items": "none", "total": 9}"#.utf8)).total == 9)
        let (error, failure) = try #require(decodingFailure { try Mapped(data: Data("{}".utf8)) })
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "count")
        #expect(failure.message == #"property `count` of Mapped: no value at "count""#)
    }

    @Test func mapGetsFoundationShapedValues() throws {
        struct Shapes: JSONCodable {
            let kinds: String
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "kinds": Map<String>(keyPath: "all") { value in
                    guard let list = value as? [Any] else { return "not a list" }
                    return list.map { element -> String in
                        switch element {
                        case is NSNull: "null"
                        case is Bool: "bool"
                        case is Int: "int"
                        case is Double: "double"
                        case is String: "string"
                        case is [Any]: "array"
                        case is [String: Any]: "object"
                        default: "?"
                        }
                    }.joined(separator: ",")
                }
            ]
        }
        let json = #"{"all": [null, true, 1, 1.5, "s", [], {}]}"#
        #expect(try Shapes(data: Data(json.utf8)).kinds == "null,bool,int,double,string,array,object")
        #expect(try Shapes(data: Data("{}".utf8)).kinds == "not a list")
    }

    @Test func mapResultOfAnotherTypeIsConverted() throws {
        struct Widened: JSONCodable {
            let big: Int64
            let date: Date
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "big": Map<Int> { _ in 5 },
                "date": Map<Int> { _ in 1000 },
            ]
        }
        let widened = try Widened(data: Data("{}".utf8))
        #expect(widened.big == 5)
        #expect(widened.date == Date(timeIntervalSince1970: 1))
        struct Wrong: JSONCodable {
            let wrong: String?
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["wrong": Map<[Int]> { _ in [1] }]
        }
        let (error, failure) = try #require(decodingFailure { try Wrong(data: Data(#"{"wrong": "x"}"#.utf8)) })
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["wrong"])
        #expect(failure.message == "property `wrong` of Wrong: expected String, found array [1]")
    }

    // MARK: Dates

    struct Dates: JSONCodable, Equatable {
        let plain: Date
        let seconds: Date
        let millis: Date
        let iso: Date
        let isoFraction: Date
        let formatted: Date
        let zoned: Date
        let textSeconds: Date
        let optional: Date?

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "seconds": secondsSince1970,
            "millis": "ms" <- millisecondsSince1970,
            "iso": iso8601,
            "isoFraction": iso8601,
            "formatted": format("dd MMM yyyy HH:mm"),
            "zoned": format("yyyy-MM-dd HH:mm Z"),
            "textSeconds": secondsSince1970,
            "optional": "opt" <- format("yyyy"),
        ]
    }

    static let datesJSON = """
        {"plain": 1500000000000, "seconds": 1500000000.5, "ms": 1500000000250, "iso": "2017-07-14T02:40:00Z",
         "isoFraction": "2017-07-14T04:40:00.125+02:00", "formatted": "14 Jul 2017 02:40",
         "zoned": "2017-07-14 04:40 +0200", "textSeconds": "1500000000", "opt": null}
        """

    @Test func dateTransformers() throws {
        let dates = try Dates(data: Data(Self.datesJSON.utf8))
        let instant = Date(timeIntervalSince1970: 1_500_000_000)
        #expect(dates.plain == instant)
        #expect(dates.seconds == instant.addingTimeInterval(0.5))
        #expect(dates.millis == instant.addingTimeInterval(0.25))
        #expect(dates.iso == instant)
        #expect(dates.isoFraction == instant.addingTimeInterval(0.125))
        #expect(dates.formatted == instant)
        #expect(dates.zoned == instant)
        #expect(dates.textSeconds == instant)
        #expect(dates.optional == nil)
    }

    @Test func datesRoundTripInTheirFormats() throws {
        var dates = try Dates(data: Data(Self.datesJSON.utf8))
        dates = Dates(
            plain: dates.plain, seconds: dates.seconds, millis: dates.millis, iso: dates.iso,
            isoFraction: dates.isoFraction, formatted: dates.formatted, zoned: dates.zoned,
            textSeconds: dates.textSeconds, optional: utcDate(1999, 1, 1))
        let written = try JSON(data: dates.toData())
        #expect(written["plain"] == 1_500_000_000_000)
        #expect(written["seconds"] == 1_500_000_000.5)
        #expect(written["ms"] == 1_500_000_000_250)
        #expect(written["iso"] == "2017-07-14T02:40:00Z")
        #expect(written["isoFraction"] == "2017-07-14T02:40:00.125Z")
        #expect(written["formatted"] == "14 Jul 2017 02:40")
        #expect(written["zoned"] == "2017-07-14 02:40 +0000")
        #expect(written["opt"] == "1999")
        #expect(try Dates(data: dates.toData()) == dates)
    }

    @Test(arguments: [
        (#""iso": 5"#, "iso", "an ISO 8601 date string", "number 5"),
        (#""iso": "2017-07-14""#, "iso", "an ISO 8601 date string", #"string "2017-07-14""#),
        (
            #""formatted": "2017-07-14""#, "formatted", #"a date string in the format "dd MMM yyyy HH:mm""#,
            #"string "2017-07-14""#
        ),
        (#""seconds": true"#, "seconds", "a number of seconds since 1970", "bool true"),
        (#""ms": [1]"#, "millis", "a number of milliseconds since 1970", "array [1]"),
    ])
    func unreadableDates(_ replacement: String, _ property: String, _ expectation: String, _ found: String) throws {
        let key = replacement.split(separator: ":")[0]
        let pattern = try Regex("\(key): [^,]*,")
        let broken = Self.datesJSON.replacing(pattern, with: replacement + ",", maxReplacements: 1)
        let (error, failure) = try #require(decodingFailure { try Dates(data: Data(broken.utf8)) })
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == [property])
        #expect(failure.message == "property `\(property)` of Dates: expected \(expectation), found \(found)")
        #expect(failure.expectedType == "Date")
    }

    /// `format(_:)` reads in `en_US_POSIX` and UTC, whatever the machine's locale and zone.
    @Test func formatIsIndependentOfTheMachine() throws {
        struct Day: JSONCodable {
            let day: Date
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["day": format("EEEE, MMM d, yyyy")]
        }
        let saved = NSTimeZone.default
        defer { NSTimeZone.default = saved }
        NSTimeZone.default = TimeZone(identifier: "Pacific/Kiritimati")!
        let day = try Day(data: Data(#"{"day": "Sunday, Oct 25, 1992"}"#.utf8))
        #expect(day.day == utcDate(1992, 10, 25))
        #expect(try JSON(data: day.toData())["day"] == "Sunday, Oct 25, 1992")
    }

    @Test func customAdapters() throws {
        struct Custom: JSONCodable {
            let parsed: Date
            let fallback: Date
            let now: Date
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "parsed": "when"
                    <- custom { value in (value as? String) == "epoch" ? Date(timeIntervalSince1970: 0) : nil },
                "fallback": custom { _ in nil },
                "now": currentDate,
            ]
        }
        let before = Date()
        let value = try Custom(data: Data(#"{"when": "epoch", "fallback": 1000}"#.utf8))
        #expect(value.parsed == Date(timeIntervalSince1970: 0))
        #expect(value.fallback == Date(timeIntervalSince1970: 1))
        #expect(value.now >= before && value.now <= Date())
        let written = try JSON(data: value.toData())
        #expect(written["when"] == 0)
        #expect(written["fallback"] == 1000)
        #expect(try Custom(data: value.toData()).parsed == value.parsed)
    }

    // MARK: Nested models

    /// Nested models apply their transformers with or without the `.transformer` marker, at
    /// any depth, inside arrays, optionals and dictionaries.
    @Test func nestedModelsWithoutMarkers() throws {
        struct Passenger: JSONCodable, Equatable {
            let name: String
            let seat: String
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["seat": "seat_number"]
        }
        struct Cabin: Codable, Equatable {
            let crew: [Passenger]
        }
        struct Flight: JSONCodable, Equatable {
            let captain: Passenger
            let copilot: Passenger?
            let passengers: [Passenger]
            let cabin: Cabin
            let byRow: [String: [Passenger]]
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["captain": "crew.captain"]
        }
        let json = """
            {"crew": {"captain": {"name": "A", "seat_number": "1A"}},
             "copilot": {"name": "B", "seat_number": "1B"},
             "passengers": [{"name": "C", "seat_number": "2A"}],
             "cabin": {"crew": [{"name": "D", "seat_number": "0"}]},
             "byRow": {"3": [{"name": "E", "seat_number": "3C"}]}}
            """
        let flight = try Flight(data: Data(json.utf8))
        #expect(flight.captain == Passenger(name: "A", seat: "1A"))
        #expect(flight.copilot == Passenger(name: "B", seat: "1B"))
        #expect(flight.passengers == [Passenger(name: "C", seat: "2A")])
        #expect(flight.cabin.crew == [Passenger(name: "D", seat: "0")])
        #expect(flight.byRow["3"] == [Passenger(name: "E", seat: "3C")])
        #expect(try Flight(data: flight.toData()) == flight)
        let written = try JSON(data: flight.toData())
        #expect(written["cabin"]?["crew"]?[0]?["seat_number"] == "0")
        #expect(written["byRow"]?["3"]?[0]?["seat_number"] == "3C")

        let broken = json.replacingOccurrences(of: #""seat_number": "3C""#, with: #""seat_number": 3"#)
        let (_, failure) = try #require(decodingFailure { try Flight(data: Data(broken.utf8)) })
        #expect(failure.pathDescription == "$.byRow.3[0].seat_number")
        #expect(failure.message == "property `seat` of Passenger: expected String, found number 3")
    }

    /// Plain `FastJSONDecoder` stays a drop-in for `JSONDecoder`: no transformers.
    @Test func plainDecodersIgnoreTransformers() throws {
        let json = Data(#"{"airline": "delta", "number": 1, "passengers": [], "airMarshal": {"name": "x"}}"#.utf8)
        let fast = try FastJSONDecoder().decode(Flight.self, from: json)
        let foundation = try JSONDecoder().decode(Flight.self, from: json)
        #expect(fast == foundation)
        #expect(fast.number == 1)
    }

    // MARK: Dictionary semantics

    /// The transformers keep Ladybug's `transform(_:mappingTo:)` on dictionaries.
    @Test func dictionaryTransforms() throws {
        let source: [String: Any] = [
            "key": "value", "list_key": [["name": "john", "age": 24], ["name": "jane", "age": 30]],
            "object_key": ["hello": "world"], "date_key": "Sunday, Oct 25, 1992", "map_key": "4",
        ]
        func transformed(_ transformer: JSONTransformer, _ property: String) -> Any? {
            var json = source
            transformer.transform(&json, mappingTo: property)
            return json[property]
        }
        #expect(transformed(JSONKeyPath("key"), "myKey") as? String == "value")
        #expect(transformed("object_key.hello", "myKey") as? String == "world")
        #expect(transformed(JSONKeyPath("key") <- Default(value: 3, override: true), "myKey") as? Int == 3)
        #expect(transformed(Default(value: 78), "defaultProperty") as? Int == 78)
        #expect(transformed(Default(value: 78), "key") as? String == "value")
        #expect(transformed(Map<Int>(keyPath: "map_key") { Int($0 as! String) }, "mapKey") as? Int == 4)
        // As Ladybug: the rewritten dictionary holds whole milliseconds as `Int`.
        let milliseconds = transformed(JSONKeyPath("date_key") <- format("EEEE, MMM d, yyyy"), "date") as? Int
        #expect(milliseconds == 719_971_200_000)
        #expect(transformed(JSONKeyPath("date_key") <- format("EEEE, MMM d, yyyy"), "date") is Int)
        #expect(
            transformed(NestedObjectTransformer<Tree.Leaf>(keyPath: "object_key"), "o") as? [String: String] == [
                "hello": "world"
            ])
        let list = transformed(NestedListTransformer<Tree.Leaf>(keyPath: "list_key"), "l") as? [[String: Any]]
        #expect(list?.compactMap { $0["name"] as? String } == ["john", "jane"])

        var leaf: [String: Any] = ["size": "large", "is_attached": true]
        Tree.Leaf.transformer.transform(&leaf, mappingTo: "leaf")
        #expect(leaf["leaf"] == nil)
        var tree: [String: Any] = ["leaf": ["size": "large", "is_attached": true]]
        Tree.Leaf.transformer.transform(&tree, mappingTo: "leaf")
        #expect((tree["leaf"] as? [String: Any])?["isAttached"] as? Bool == true)
    }

    /// A transformer of the user's own, rewriting the dictionary as Ladybug's protocol asks,
    /// works next to FastMap's.
    @Test func userTransformers() throws {
        struct Celsius: JSONTransformer {
            var keyPath: JSONKeyPath? { "weather.fahrenheit" }
            func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
                guard let fahrenheit = json[jsonKeyPath: keyPath!] as? Double else { return }
                json[propertyKey] = (fahrenheit - 32) * 5 / 9
            }
        }
        struct Forecast: JSONCodable, Equatable {
            let city: String
            let celsius: Double
            let windy: Bool
            let days: [Day]
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "city": "place.name",
                "celsius": Celsius(),
                "windy": "weather.wind" <- Map<Bool> { ($0 as? Int).map { $0 > 20 } },
            ]
        }
        struct Day: JSONCodable, Equatable {
            let high: Double
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["high": Celsius()]
        }
        let json = """
            {"place": {"name": "Oslo"}, "weather": {"fahrenheit": 50.0, "wind": 30},
             "days": [{"weather": {"fahrenheit": 212.0}}, {"weather": {"fahrenheit": 32.0}}]}
            """
        let forecast = try Forecast(data: Data(json.utf8))
        #expect(forecast == Forecast(city: "Oslo", celsius: 10, windy: true, days: [Day(high: 100), Day(high: 0)]))
        #expect(try Forecast(data: forecast.toData()) == forecast)

        let broken = json.replacingOccurrences(of: "212.0", with: #""hot""#)
        let (error, failure) = try #require(decodingFailure { try Forecast(data: Data(broken.utf8)) })
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "high")
        #expect(context.codingPath.map(\.stringValue) == ["days", "Index 0"])
        #expect(failure.pathDescription == "$.days[0].high")
        #expect(failure.message.hasPrefix("property `high` of Day: "))
    }

    /// A whole container written by one property wins over a part of it written by another,
    /// whatever their order; members keep the order of the properties.
    @Test func wholeValuesWinOverTheirParts() throws {
        struct Tagged: JSONCodable, Equatable {
            let first: String
            let tags: [String]
            let inner: Int
            let box: [String: Int]
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "first": JSONKeyPath("tags", 0), "inner": "box.b",
            ]
        }
        let tagged = try Tagged(data: Data(#"{"tags": ["x", "y"], "box": {"a": 1, "b": 2}}"#.utf8))
        #expect(tagged == Tagged(first: "x", tags: ["x", "y"], inner: 2, box: ["a": 1, "b": 2]))
        let written = try JSON(data: tagged.toData())
        #expect(written.keys == ["tags", "box"])
        #expect(written["tags"] == ["x", "y"])
        #expect(written["box"]?["a"] == 1 && written["box"]?["b"] == 2)
        #expect(try Tagged(data: tagged.toData()) == tagged)
    }

    /// Recursive models: the same transformers at every depth.
    @Test func recursiveModels() throws {
        final class Node: JSONCodable, Equatable {
            let name: String
            let children: [Node]
            let parentName: String?
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "name": "label.text", "children": "kids", "parentName": "up",
            ]
            static func == (lhs: Node, rhs: Node) -> Bool {
                lhs.name == rhs.name && lhs.children == rhs.children && lhs.parentName == rhs.parentName
            }
        }
        let json = """
            {"label": {"text": "root"}, "kids": [
                {"label": {"text": "a"}, "up": "root", "kids": [{"label": {"text": "a1"}, "up": "a", "kids": []}]},
                {"label": {"text": "b"}, "up": "root", "kids": []}]}
            """
        let root = try Node(data: Data(json.utf8))
        #expect(root.name == "root" && root.parentName == nil)
        #expect(root.children.map(\.name) == ["a", "b"])
        #expect(root.children[0].children.map(\.name) == ["a1"])
        #expect(root.children[0].children[0].parentName == "a")
        #expect(try Node(data: root.toData()) == root)
        let broken = json.replacingOccurrences(of: #"{"text": "a1"}"#, with: #"{"text": 1}"#)
        let (_, failure) = try #require(decodingFailure { try Node(data: Data(broken.utf8)) })
        #expect(failure.pathDescription == "$.kids[0].kids[0].label.text")
        #expect(failure.message == "property `name` of Node: expected String, found number 1")
    }

    @Test func compositionIsFlatAndOrdered() throws {
        struct Layered: JSONCodable {
            let value: Int
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "value": "a" <- "b" <- Default(value: 1) <- Map<Int> { ($0 as? Int).map { $0 * 10 } }
            ]
        }
        #expect(try Layered(data: Data(#"{"a": 2, "b": 3}"#.utf8)).value == 30)
        #expect(try Layered(data: Data(#"{"a": 2}"#.utf8)).value == 20)
        #expect(try Layered(data: Data("{}".utf8)).value == 10)
        #expect(try JSON(data: Layered(value: 5).toData()) == ["b": 5])
    }
}
