import FastMapLadybug
import Foundation
import Testing

/// Shapes Ladybug's own test suite relies on.
@Suite("Ladybug parity: List.object and the date transformers' rewrite")
struct LadybugParityTests {
    struct Tag: JSONCodable, Equatable {
        let name: String
    }

    @Test func listExposesItsModelsAsObject() throws {
        let list = try List<Tag>(data: Data(#"[{"name": "a"}, {"name": "b"}]"#.utf8))
        #expect(list.object == [Tag(name: "a"), Tag(name: "b")])
        #expect(list.object == list.array)
        var edited = List<Tag>(object: [Tag(name: "x")])
        edited.object.append(Tag(name: "y"))
        #expect(edited.array.map(\.name) == ["x", "y"])
    }

    @Test(
        arguments: [
            ("1992-10-25T00:00:00Z", iso8601), ("719971200", secondsSince1970), ("719971200000", millisecondsSince1970),
        ] as [(String, JSONTransformer)])
    func dateTransformersWriteIntMilliseconds(_ text: String, _ transformer: JSONTransformer) throws {
        var json: [String: Any] = ["date": text]
        transformer.transform(&json, mappingTo: "date")
        let milliseconds = try #require(json["date"] as? Int)
        #expect(milliseconds == 719_971_200_000)
        transformer.reverseTransform(&json, mappingFrom: "date")
        #expect(json["date"] != nil)
    }

    @Test func aDateBeyondIntStaysADoubleInsteadOfTrapping() {
        var json: [String: Any] = ["date": "1e300"]
        secondsSince1970.transform(&json, mappingTo: "date")
        #expect(json["date"] is Double)
    }
}
