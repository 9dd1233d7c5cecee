import FastMapLadybug
import Foundation
import Testing

/// The code of the FastMapLadybug DocC articles (Sources/FastMapLadybug/FastMapLadybug.docc),
/// run as written there.
@Suite struct LadybugDocumentationSnippetTests {
    struct Tree: JSONCodable {
        let name: String
        let age: Int
        let plantedAt: Date

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "name": JSONKeyPath("tree_names", "colloquial", 0),
            "plantedAt": "planted_at" <- format("MM-dd-yyyy"),
        ]
    }

    /// The article's `Flight` is Ladybug's README model, declared (as written) in LadybugModels.swift.
    typealias Flight = LadybugReadme.Flight

    /// FastMapLadybug.md.
    @Test func overview() throws {
        let data = Data(#"{"tree_names": {"colloquial": ["pine"]}, "age": 121, "planted_at": "07-04-1896"}"#.utf8)
        let tree = try Tree(data: data)
        #expect(tree.name == "pine" && tree.age == 121)
        let written = try tree.toData()
        let again = try Tree(data: written)
        #expect(again.name == tree.name && again.age == tree.age && again.plantedAt == tree.plantedAt)
    }

    /// MigratingFromLadybug.md.
    @Test func flight() throws {
        let flight = try Flight(
            data: Data(
                #"""
                {"airline": "united", "flight_number": 472,
                 "passengers": [{"name": "Grace"}, {"name": "Ada"}],
                 "air_marshal": {"name": "Alan"}}
                """#.utf8))
        #expect(flight.airline == .united && flight.number == 472)
        #expect(flight.passengers.map(\.name) == ["Grace", "Ada"])
        #expect(flight.airMarshal.name == "Alan")
    }

    @Test func errorsCarryTheJSONPath() throws {
        let error = try #require(throws: DecodingError.self) {
            try Flight(
                data: Data(
                    #"""
                    {"airline": "united", "flight_number": 472,
                     "passengers": [{"name": "Grace"}, {"name": 7}], "air_marshal": {"name": "Alan"}}
                    """#.utf8))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect((context.underlyingError as? FastMapError)?.pathDescription == "$.passengers[1].name")
    }
}
