import FastMap
import FastMapModels
import Foundation
import Testing

/// Models inside models on FastJSONDecoder's document route: a member, an optional member or an
/// array of a `JSONObjectDecodable` type is handed a reader by its owner's reader, with no
/// `Decoder` in between, and must decode what the `Codable` route decodes, value for value and
/// error for error.
@Suite("@JSONModel nested readers")
struct JSONModelNestedReaderTests {
    static let full = #"""
        {"main": {"id": 1, "price": 1.5}, "spare": {"id": 2, "price": 2}, "extras": [{"id": 1, "price": 1.5},
         {"id": 2, "price": 2}], "deep": {"price": {"id": 2, "price": 2}}}
        """#

    #if DEBUG
        /// How many models were handed a reader by another model's reader while `body` ran.
        private func directReads(_ body: () throws -> Void) rethrows -> Int {
            try JSONModelFixture.count(JSONObjectReader.$directModelReads, while: body)
        }

        @Test func membersOptionalsAndArraysOfModelsAreHandedAReader() throws {
            let data = Data(Self.full.utf8)
            #expect(try directReads { _ = try FastJSONDecoder().decode(WriterShelf.self, from: data) } == 5)
            let bare = Data(#"{"main": {"id": 2, "price": 2}, "spare": null}"#.utf8)
            #expect(try directReads { _ = try FastJSONDecoder().decode(WriterShelf.self, from: bare) } == 1)
            // A top-level array goes through init(from:); models in a dictionary too, and their
            // members are handed a reader again.
            let prices = Data(#"[{"id": 1, "price": 1.5}]"#.utf8)
            #expect(try directReads { _ = try FastJSONDecoder().decode([RoutePrice].self, from: prices) } == 0)
            let shelves = Data(#"{"a": \#(Self.full)}"#.utf8)
            #expect(
                try directReads { _ = try FastJSONDecoder().decode([String: WriterShelf].self, from: shelves) } == 5)
            // Skipping invalid elements reads arrays the lossy way; members still get a reader.
            let lossy = FastJSONDecoder()
            lossy.lossyCoercions = [.skipInvalidArrayElements]
            #expect(try directReads { _ = try lossy.decode(WriterShelf.self, from: data) } == 3)
            // The Codable route and key strategies never take it.
            let codable = FastJSONDecoder()
            codable.readsDocuments = false
            #expect(try directReads { _ = try codable.decode(WriterShelf.self, from: data) } == 0)
            let snake = FastJSONDecoder()
            snake.keyDecodingStrategy = .convertFromSnakeCase
            #expect(try directReads { _ = try snake.decode(WriterShelf.self, from: data) } == 0)
        }

        @Test func everySpellingOfTheMacroConforms() throws {
            // A @JSONModel(keys:) model inside a plain one, both ways.
            let text = #"{"inner": {"user_id": 1, "first_name": "a", "Custom": 2}}"#
            let holder = try FastJSONDecoder().decode(SnakeHolder.self, from: Data(text.utf8))
            #expect(try directReads { _ = try FastJSONDecoder().decode(SnakeHolder.self, from: Data(text.utf8)) } == 1)
            let writes = try JSONModelFixture.count(JSONObjectWriter.$directModelWrites) {
                _ = try FastJSONEncoder().encode(holder)
            }
            #expect(writes == 1)
            JSONModelFixture.expectRoutesAgree(SnakeHolder.self, from: Data(text.utf8), same: ==)
            JSONModelFixture.expectEncodingRoutesAgree(holder)
        }
    #endif

    @Test func nestedModelsDecodeWhatTheCodableRouteDecodes() throws {
        let shelf = try JSONModelFixture.decode(WriterShelf.self, from: Self.full)
        #expect(shelf == WriterShelf.full)
        JSONModelFixture.expectRoutesAgree(WriterShelf.self, from: Data(Self.full.utf8), same: ==)
        let kennel = #"{"pet": {"name": "rex", "social": 12}, "pets": [{"name": "cat"}, {"name": "rex", "legs": 3}]}"#
        let decoded = try JSONModelFixture.decode(WriterKennel.self, from: kennel)
        #expect(decoded.pets.map(\.legCount) == [4, 3])
        // An empty array is present, not nil, on every route.
        let empty = #"{"main": {"id": 1, "price": 1}, "extras": []}"#
        #expect(try JSONModelFixture.decode(WriterShelf.self, from: empty).extras == [])
        JSONModelFixture.expectRoutesAgree(WriterShelf.self, from: Data(empty.utf8), same: ==)
        let noPets = #"{"pet": {"name": "rex"}, "pets": []}"#
        #expect(try JSONModelFixture.decode(WriterKennel.self, from: noPets).pets.isEmpty)
    }

    @Test(arguments: [
        #"{"main": "one"}"#,
        #"{"main": null}"#,
        #"{}"#,
        #"{"main": {"id": 1}}"#,
        #"{"main": {"id": 1, "price": 1}, "spare": [1]}"#,
        #"{"main": {"id": 1, "price": 1}, "extras": [{"id": 1, "price": 1}, null]}"#,
        #"{"main": {"id": 1, "price": 1}, "extras": [{"id": 1, "price": 1}, 7]}"#,
        #"{"main": {"id": 1, "price": 1}, "extras": [{"id": 1, "price": "x"}]}"#,
        #"{"main": {"id": 1, "price": 1}, "extras": {"id": 1, "price": 1}}"#,
        #"{"main": {"id": 1, "price": 1}, "deep": {"price": true}}"#,
    ])
    func aWrongNestedValueFailsAsOnTheCodableRoute(_ text: String) throws {
        JSONModelFixture.expectRoutesAgree(WriterShelf.self, from: Data(text.utf8), same: ==)
        // And as JSONDecoder fails: the same case and coding path.
        #expect(throws: DecodingError.self) { try JSONModelFixture.decode(WriterShelf.self, from: text) }
    }

    @Test func skippedElementsAndReportsAgreeOnBothRoutes() throws {
        let text = #"{"main": {"id": 1, "price": 1}, "extras": [{"id": 1, "price": 1}, null, {"id": 3}]}"#
        let lossy = FastJSONDecoder()
        lossy.lossyCoercions = [.skipInvalidArrayElements]
        let codable = FastJSONDecoder()
        codable.lossyCoercions = [.skipInvalidArrayElements]
        codable.readsDocuments = false
        let read = try lossy.decode(WriterShelf.self, from: Data(text.utf8))
        #expect(read == (try codable.decode(WriterShelf.self, from: Data(text.utf8))))
        #expect(read.extras?.map(\.id) == [1])
    }
}

@JSONModel
struct SnakeHolder: Equatable {
    let inner: SnakeModel
}
