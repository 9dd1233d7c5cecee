import FastMapModels
import Foundation
import Testing

struct Circle: Codable, Equatable {
    let radius: Double
}

@JSONModel(discriminator: "type")
enum ModelShape: Equatable {
    case circle(Circle)
    case rectangle(width: Double, height: Double)
    @Key("sq") case square(side: Double, label: String? = nil)
    case pair(Int, Int)
    case point
}

@Suite("@JSONModel discriminated enums")
struct JSONModelEnumTests {
    @Test func decodesEachCase() throws {
        let text = #"""
            [{"type": "circle", "radius": 2},
             {"type": "rectangle", "width": 3, "height": 4},
             {"type": "sq", "side": 5},
             {"type": "sq", "side": 6, "label": "six"},
             {"type": "pair", "_0": 1, "_1": 2},
             {"type": "point"}]
            """#
        let shapes = try JSONDecoder().decode([ModelShape].self, from: Data(text.utf8))
        #expect(
            shapes == [
                .circle(Circle(radius: 2)), .rectangle(width: 3, height: 4), .square(side: 5),
                .square(side: 6, label: "six"), .pair(1, 2), .point,
            ])
        #expect(try JSONModelFixture.roundTrip(shapes) == shapes)
    }

    @Test func encodesTheDiscriminatorBesideTheValues() throws {
        let json = try JSONModelFixture.encoded([ModelShape.circle(Circle(radius: 1)), .square(side: 2), .point])
        #expect(json[0]?["type"]?.string == "circle")
        #expect(json[0]?["radius"]?.double == 1)
        #expect(json[1]?["type"]?.string == "sq")
        #expect(json[1]?.keys.sorted() == ["side", "type"])
        #expect(json[2]?.keys == ["type"])
    }

    @Test func unknownOrMissingDiscriminatorThrows() throws {
        #expect {
            try JSONDecoder().decode(ModelShape.self, from: Data(#"{"type": "hexagon"}"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["type"]
                && context.debugDescription.contains("ModelShape: unknown \"type\" value \"hexagon\"")
                && context.debugDescription.contains("\"sq\"")
        }
        #expect {
            try JSONDecoder().decode(ModelShape.self, from: Data(#"{"radius": 1}"#.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "type"
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ModelShape.self, from: Data(#"{"type": "rectangle", "width": 3}"#.utf8))
        }
    }
}

@Suite("@JSONModel enum errors")
struct JSONModelEnumErrorTests {
    @Test func failingAssociatedValueNamesTheEnumAndCase() throws {
        #expect {
            try JSONDecoder().decode(
                ModelShape.self, from: Data(#"{"type": "rectangle", "width": "wide", "height": 1}"#.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["width"]
                && context.debugDescription.contains(
                    "ModelShape.rectangle (case rectangle(width: Double, height: Double))")
                && context.debugDescription.contains("found string") && !"\(error)".contains("wide")
        }
    }
}
