import FastMapModels
import Foundation
import Testing

@JSONModel(tagging: .external)
enum ExternalShape: Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case boxed(Circle)
    case tagged(Int)
    @Key("sq") @Key("s", for: "side") case square(side: Double)
    case point
}

@JSONModel(tagging: .internal(discriminator: "kind"))
enum InternalShape: Equatable {
    case circle(Circle)
    @Key("h", for: "height") case rectangle(width: Double, height: Double)
    case point
}

@JSONModel(tagging: .adjacent(tag: "type", content: "value"))
enum AdjacentShape: Equatable {
    case circle(radius: Double)
    case label(String)
    case point
}

@JSONModel(tagging: .untagged)
enum UntaggedValue: Equatable {
    case rectangle(width: Double, height: Double)
    case circle(Circle)
    case number(Int)
    case text(String)
    case none
}

@Suite("@JSONModel enum tagging")
struct JSONModelTaggingTests {
    @Test func externalTagging() throws {
        let text = #"""
            [{"circle": {"radius": 2}}, {"rectangle": {"width": 3, "height": 4}}, {"boxed": {"radius": 1}},
             {"tagged": 7}, {"sq": {"s": 5}}, {"point": {}}]
            """#
        let shapes = try JSONModelFixture.decode([ExternalShape].self, from: text)
        #expect(
            shapes == [
                .circle(radius: 2), .rectangle(width: 3, height: 4), .boxed(Circle(radius: 1)), .tagged(7),
                .square(side: 5), .point,
            ])
        let json = try JSONModelFixture.encoded(shapes)
        #expect(json[0]?["circle"]?["radius"]?.double == 2)
        #expect(json[3]?["tagged"]?.int == 7)
        #expect(json[4]?["sq"]?["s"]?.double == 5)
        #expect(json[5]?["point"]?.keys == [])
        #expect(try JSONModelFixture.roundTrip(shapes) == shapes)
    }

    @Test func externalTaggingErrors() throws {
        #expect {
            try JSONModelFixture.decode(ExternalShape.self, from: #"{"hexagon": {}}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("unknown case \"hexagon\"")
                && context.debugDescription.contains("\"sq\"")
        }
        #expect {
            try JSONModelFixture.decode(ExternalShape.self, from: #"{"circle": {}, "point": {}}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("exactly one member")
        }
        #expect {
            try JSONModelFixture.decode(ExternalShape.self, from: #"{"circle": {"radius": "big"}}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["circle", "radius"]
                && context.debugDescription.contains("ExternalShape.circle")
        }
    }

    @Test func internalTaggingSpelledWithTagging() throws {
        let text = #"[{"kind": "circle", "radius": 2}, {"kind": "rectangle", "width": 3, "h": 4}, {"kind": "point"}]"#
        let shapes = try JSONModelFixture.decode([InternalShape].self, from: text)
        #expect(shapes == [.circle(Circle(radius: 2)), .rectangle(width: 3, height: 4), .point])
        let json = try JSONModelFixture.encoded(shapes)
        #expect(json[1]?.keys.sorted() == ["h", "kind", "width"])
        #expect(try JSONModelFixture.roundTrip(shapes) == shapes)
    }

    @Test func adjacentTagging() throws {
        let text = #"[{"type": "circle", "value": {"radius": 2}}, {"type": "label", "value": "hi"}, {"type": "point"}]"#
        let shapes = try JSONModelFixture.decode([AdjacentShape].self, from: text)
        #expect(shapes == [.circle(radius: 2), .label("hi"), .point])
        let json = try JSONModelFixture.encoded(shapes)
        #expect(json[0]?["value"]?["radius"]?.double == 2)
        #expect(json[1]?["value"]?.string == "hi")
        #expect(json[2]?.keys == ["type"])
        #expect(try JSONModelFixture.roundTrip(shapes) == shapes)
        #expect(throws: DecodingError.self) {
            try JSONModelFixture.decode(AdjacentShape.self, from: #"{"type": "oval", "value": 1}"#)
        }
    }

    @Test func untaggedTakesTheFirstCaseThatDecodes() throws {
        let text = #"[{"width": 1, "height": 2}, {"radius": 3}, 4, "five", "none"]"#
        let values = try JSONModelFixture.decode([UntaggedValue].self, from: text)
        #expect(
            values == [
                .rectangle(width: 1, height: 2), .circle(Circle(radius: 3)), .number(4), .text("five"), .text("none"),
            ])
        let json = try JSONModelFixture.encoded([UntaggedValue.circle(Circle(radius: 1)), .number(2), .none])
        #expect(json[0]?["radius"]?.double == 1)
        #expect(json[1]?.int == 2)
        #expect(json[2]?.string == "none")
        let roundTripped = try JSONModelFixture.roundTrip([UntaggedValue.rectangle(width: 1, height: 2), .number(3)])
        #expect(roundTripped == [.rectangle(width: 1, height: 2), .number(3)])
    }

    @Test func untaggedFailureListsEveryCase() throws {
        #expect {
            try JSONModelFixture.decode(UntaggedValue.self, from: #"[true]"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            let text = context.debugDescription
            return text.contains("UntaggedValue: no case matches")
                && ["rectangle:", "circle:", "number:", "text:", "none:"].allSatisfy(text.contains)
        }
    }
}
