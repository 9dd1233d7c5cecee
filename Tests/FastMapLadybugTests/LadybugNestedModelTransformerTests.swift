import FastMapLadybug
import Foundation
import Testing

/// Nested models apply their transformers with or without markers; plain decoders ignore them.
@Suite("Ladybug transformers: nested models")
struct LadybugNestedModelTransformerTests {
    typealias Flight = LadybugReadme.Flight

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
        #expect(failure.message == "property `seat` of Passenger: expected String, found number")
    }

    /// Plain `FastJSONDecoder` stays a drop-in for `JSONDecoder`: no transformers.
    @Test func plainDecodersIgnoreTransformers() throws {
        let json = Data(#"{"airline": "delta", "number": 1, "passengers": [], "airMarshal": {"name": "x"}}"#.utf8)
        let fast = try FastJSONDecoder().decode(Flight.self, from: json)
        let foundation = try JSONDecoder().decode(Flight.self, from: json)
        #expect(fast == foundation)
        #expect(fast.number == 1)
    }
}
