import FastMapLadybug
import Foundation
import Testing

/// Ladybug's `transform(_:mappingTo:)` on dictionaries, user transformers, composition.
@Suite("Ladybug transformers: dictionary semantics")
struct LadybugDictionaryTransformerTests {
    typealias Tree = LadybugReadme.Tree

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
        #expect(failure.message == "property `name` of Node: expected String, found number")
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
