import FastMap
import FastMapModels
import Foundation
import Testing

/// Models inside models on FastJSONEncoder's writer route: a member, an optional member or an
/// array of a `JSONObjectEncodable` type is handed a writer by its owner's writer, with no
/// `Encoder` in between, and must write what the `Codable` route writes, byte for byte and error
/// for error.
@Suite("@JSONModel nested writers")
struct JSONModelNestedWriterTests {
    #if DEBUG
        /// How many models were handed a writer by another model's writer while `body` ran.
        private func directWrites(_ body: () throws -> Void) rethrows -> Int {
            try JSONModelFixture.count(JSONObjectWriter.$directModelWrites, while: body)
        }

        @Test func membersOptionalsAndArraysOfModelsAreHandedAWriter() throws {
            let encoder = FastJSONEncoder()
            // main, spare, two extras and deep.
            #expect(try directWrites { _ = try encoder.encode(WriterShelf.full) } == 5)
            #expect(try directWrites { _ = try encoder.encode(WriterShelf.bare) } == 1)
            #expect(try directWrites { _ = try encoder.encode(RouteBasket(items: WriterShelf.prices)) } == 2)
            // A top-level model or array, and models in a dictionary, go through encode(to:).
            #expect(try directWrites { _ = try encoder.encode(WriterShelf.prices) } == 0)
            #expect(try directWrites { _ = try encoder.encode(["a": WriterShelf.full]) } == 5)
            // The Codable route and other encoders never take it.
            let codable = FastJSONEncoder()
            codable.writesModels = false
            #expect(try directWrites { _ = try codable.encode(WriterShelf.full) } == 0)
            let snake = FastJSONEncoder()
            snake.keyEncodingStrategy = .convertToSnakeCase
            #expect(try directWrites { _ = try snake.encode(WriterShelf.full) } == 0)
        }
    #endif

    @Test func nestedModelsWriteWhatTheCodableRouteWrites() throws {
        JSONModelFixture.expectEncodingRoutesAgree(WriterShelf.full)
        JSONModelFixture.expectEncodingRoutesAgree(WriterShelf.bare)
        // Many shelves: the nested models' keys are learned and then copied.
        let shelves = (0..<30).map { $0 % 3 == 0 ? WriterShelf.bare : WriterShelf.full }
        JSONModelFixture.expectEncodingRoutesAgree(shelves)
        let pretty = FastJSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(try pretty.encode(shelves) == foundation.encode(shelves))
        // An empty array of models.
        var empty = WriterShelf.full
        empty.extras = []
        JSONModelFixture.expectEncodingRoutesAgree(empty)
        #expect(try pretty.encode(empty) == foundation.encode(empty))
    }

    @Test func aFailureInsideANestedModelNamesItsPath() throws {
        var shelf = WriterShelf.full
        shelf.extras = [RoutePrice(id: 1, price: 1), RoutePrice(id: 2, price: .infinity)]
        JSONModelFixture.expectEncodingRoutesAgree(shelf)
        #expect(failingPath { try FastJSONEncoder().encode([shelf]) } == ["Index 0", "extras", "Index 1", "price"])
        #expect(failingPath { try JSONEncoder().encode([shelf]) } == ["Index 0", "extras", "Index 1", "price"])
        // Under a nested key (`deep.price`), whose own key JSONEncoder leaves out of the path.
        shelf = WriterShelf.full
        shelf.deep = RoutePrice(id: 3, price: .nan)
        JSONModelFixture.expectEncodingRoutesAgree(shelf)
        #expect(failingPath { try FastJSONEncoder().encode(shelf) } == failingPath { try JSONEncoder().encode(shelf) })
        #expect(failingPath { try FastJSONEncoder().encode(shelf) } == ["price", "price"])
    }

    /// The coding path of the `invalidValue` error `encode` throws.
    private func failingPath(_ encode: () throws -> Data) -> [String]? {
        do {
            _ = try encode()
        } catch EncodingError.invalidValue(_, let context) {
            return context.codingPath.map(\.stringValue)
        } catch {}
        return nil
    }

    @Test func classesThatMayHaveSubclassesWriteThroughTheirEncodeTo() throws {
        // Their conformance writes through encode(to:), which a subclass overrides.
        let dog = try JSONDecoder().decode(ModelDog.self, from: Data(#"{"name": "rex", "social": 12}"#.utf8))
        let kennel = WriterKennel(pet: dog, pets: [ModelAnimal(name: "cat", legCount: 4), dog])
        JSONModelFixture.expectEncodingRoutesAgree(kennel)
        let sorted = FastJSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let written = try sorted.encode(kennel)
        #expect(written == (try foundation.encode(kennel)))
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"pet":{"legs":4,"name":"rex","social":"12"},"pets":[{"legs":4,"name":"cat"},{"legs":4,"name":"rex","social":"12"}]}"#
        )
    }

    @Test func aNestedModelsHookRunsOnceAndItsErrorReachesTheTop() throws {
        let encoder = FastJSONEncoder()
        let good = WriterHookedHolder(first: WriterHooked(value: 1), all: [WriterHooked(value: 2)])
        #expect(
            String(decoding: try encoder.encode(good), as: UTF8.self) == #"{"first":{"value":1},"all":[{"value":2}]}"#)
        let refused = WriterHookedHolder(first: WriterHooked(value: 1), all: [WriterHooked(value: -1)])
        #expect(throws: WriterHooked.Refused.self) { try encoder.encode(refused) }
        JSONModelFixture.expectEncodingRoutesAgree(refused)
    }
}

@JSONModel
struct WriterShelf: Equatable {
    var main: RoutePrice
    var spare: RoutePrice?
    var extras: [RoutePrice]?
    @Key("deep.price") var deep: RoutePrice?

    static let prices = [RoutePrice(id: 1, price: 1.5), RoutePrice(id: 2, price: 2)]
    static let full = WriterShelf(main: prices[0], spare: prices[1], extras: prices, deep: prices[1])
    static let bare = WriterShelf(main: prices[1], spare: nil, extras: nil, deep: nil)
}

@JSONModel
struct WriterHookedHolder {
    let first: WriterHooked
    let all: [WriterHooked]
}

@JSONModel
struct WriterKennel {
    var pet: ModelAnimal
    var pets: [ModelAnimal]
}
