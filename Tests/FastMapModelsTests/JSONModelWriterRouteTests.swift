import FastMap
import FastMapModels
import Foundation
import Testing

/// The route a `@JSONModel` struct or final class takes through FastJSONEncoder: its generated
/// `encode(writer:)`, which must write what its `Codable` route writes, byte for byte and error
/// for error.
@Suite("@JSONModel writer route")
struct JSONModelWriterRouteTests {
    #if DEBUG
        /// How many models took the writer route while `body` ran.
        private func modelWrites(_ body: () throws -> Void) rethrows -> Int {
            try JSONModelFixture.count(JSONObjectWriter.$modelWrites, while: body)
        }

        @Test func fastJSONEncoderWritesStructsAndFinalClassesDirectly() throws {
            let prices = [RoutePrice(id: 1, price: 1.5), RoutePrice(id: 2, price: 2)]
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(prices) } == 2)
            // A struct inside a struct's Codable property, and in a dictionary's values.
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(RouteBasket(items: prices)) } == 3)
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(["a": prices[0]]) } == 1)
            // A final class, and the struct its @JSONString member encodes into a string.
            let order = ReportOrder(items: [], tags: [:], quantity: 0, note: nil, missing: 1)
            let batch = ReportBatch(ids: [1], order: order, labels: [])
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(batch) } == 2)
            // Nested paths and index paths write through the same writer.
            let keys = NestedWrites(name: "n", zip: 1, first: "f", secondName: "s", corner: 3)
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(keys) } == 1)
        }

        @Test func otherEncodersStrategiesAndSharedObjectsTakeTheCodableRoute() throws {
            let prices = [RoutePrice(id: 1, price: 1.5)]
            #expect(try modelWrites { _ = try JSONEncoder().encode(prices) } == 0)
            let snake = FastJSONEncoder()
            snake.keyEncodingStrategy = .convertToSnakeCase
            #expect(try modelWrites { _ = try snake.encode(prices) } == 0)
            let off = FastJSONEncoder()
            off.writesModels = false
            #expect(try modelWrites { _ = try off.encode(prices) } == 0)
            // encodeToJSON builds a tree through containers.
            #expect(try modelWrites { _ = try FastJSONEncoder().encodeToJSON(prices) } == 0)
            // A root path, a flattened member's value (which writes into its owner's object
            // through containers; the owner writes directly), and classes that may have
            // subclasses or inherit their superclass's coding.
            let address = FlatAddress(street: "Main", zip: 1)
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(RootedUser(id: 1, name: "a")) } == 0)
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(FlatPerson(name: "a", address: address)) } == 1)
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(ModelAnimal(name: "a", legCount: 3)) } == 0)
            let dog = try JSONDecoder().decode(ModelDog.self, from: Data(#"{"name": "rex", "social": 12}"#.utf8))
            #expect(try modelWrites { _ = try FastJSONEncoder().encode(dog) } == 0)
        }
    #endif

    @Test func everyOutputFormatAgreesOnManyObjects() throws {
        // Optional members present and absent in turn, so the keys the encoder learns from one
        // object are missing from or added to the next.
        let users = (0..<40).map(WriterUser.init(number:))
        JSONModelFixture.expectEncodingRoutesAgree(users)
        JSONModelFixture.expectEncodingRoutesAgree(Dictionary(uniqueKeysWithValues: users.map { ("\($0.id)", $0) }))
        let keys = NestedWrites(name: "n", zip: 1, first: "f", secondName: "s", corner: 3)
        JSONModelFixture.expectEncodingRoutesAgree([keys, keys])
        // Keys the encoder escapes (by option) or never learns.
        JSONModelFixture.expectEncodingRoutesAgree([WriterOddKeys(slash: 1, quote: 2, accent: 3, escaped: 4)])
        // Strategies other than keys still apply on the writer route.
        let encoder = FastJSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        let codable = FastJSONEncoder()
        codable.dateEncodingStrategy = .iso8601
        codable.outputFormatting = .sortedKeys
        codable.writesModels = false
        #expect(try encoder.encode(users) == codable.encode(users))
        #expect(try encoder.encode(users) == JSONEncoder.iso8601.encode(users))
    }

    @Test func literalKeysMatchOnlyTheirOwnMembersAsMembersComeAndGo() throws {
        // Every subset of six members, rows in a scrambled order: once the encoder has learned
        // the keys, it finds a literal it has met by its address, and a left-out member must not
        // let the next key's text be written in its place. Each format encodes the rows four
        // times, the later encodes starting from the keys the first one stored.
        let rows = (0..<192).map { LiteralRow(mask: $0 * 37 % 64) }
        JSONModelFixture.expectEncodingRoutesAgree(rows)
        let writing = FastJSONEncoder()
        writing.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(try writing.encode(rows) == foundation.encode(rows))
    }

    @Test func nonConformingNumbersFailAlikeOnBothRoutes() throws {
        for score in [Double.nan, .infinity, -.infinity] {
            var user = WriterUser(number: 1)
            user.score = score
            JSONModelFixture.expectEncodingRoutesAgree([user])
            #expect(throws: EncodingError.self) { try FastJSONEncoder().encode([user]) }
            do {
                _ = try FastJSONEncoder().encode([user])
            } catch EncodingError.invalidValue(_, let context) {
                #expect(context.codingPath.map(\.stringValue) == ["Index 0", "score"])
            }
            let lenient = FastJSONEncoder()
            lenient.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            let codable = FastJSONEncoder()
            codable.nonConformingFloatEncodingStrategy = lenient.nonConformingFloatEncodingStrategy
            codable.writesModels = false
            #expect(try lenient.encode(user) == codable.encode(user))
        }
    }

    @Test func flattenedValuesAgreeOnBothRoutes() throws {
        // A flattened value repeating its owner's key (JSONEncoder keeps the last value), and
        // failing inside the flattened value.
        for score in [1.5, .nan] {
            let owner = FlatOwner(name: "owner", detail: FlatScore(score: score, name: "detail"))
            JSONModelFixture.expectEncodingRoutesAgree(owner)
            JSONModelFixture.expectEncodingRoutesAgree([owner, owner, owner])
        }
        let owner = FlatOwner(name: "owner", detail: FlatScore(score: 1.5, name: "detail"))
        let fast = FastJSONEncoder()
        fast.outputFormatting = .sortedKeys
        #expect(try fast.encode(owner) == JSONEncoder.sorted.encode(owner))
    }

    @Test func aKeyWrittenTwiceKeepsTheLastValueAsJSONEncoderDoes() throws {
        let value = TwiceWritten()
        let foundation = try JSONEncoder.sorted.encode(value)
        #expect(String(decoding: foundation, as: UTF8.self) == #"{"a":2,"b":3}"#)
        let fast = FastJSONEncoder()
        fast.outputFormatting = .sortedKeys
        #expect(try fast.encode(value) == foundation)
        #expect(try fast.encode([value, value, value]) == JSONEncoder.sorted.encode([value, value, value]))
    }

    @Test func aNestedWriterUsedAfterItsObjectMovedOnStillLandsInIt() throws {
        // The stream cannot go back; it starts over through the Codable branch, as for keyed
        // containers used out of order.
        let value = LateNested()
        let foundation = try JSONEncoder.sorted.encode(value)
        #expect(String(decoding: foundation, as: UTF8.self) == #"{"a":{"x":1,"y":3},"b":2}"#)
        let fast = FastJSONEncoder()
        fast.outputFormatting = .sortedKeys
        #expect(try fast.encode([value, value]) == JSONEncoder.sorted.encode([value, value]))
    }

    @Test func hooksRunOnceBeforeEitherRoute() throws {
        let encoder = FastJSONEncoder()
        #expect(throws: WriterHooked.Refused.self) { try encoder.encode(WriterHooked(value: -1)) }
        #expect(String(decoding: try encoder.encode(WriterHooked(value: 1)), as: UTF8.self) == #"{"value":1}"#)
    }
}

extension JSONEncoder {
    fileprivate static var iso8601: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

@JSONModel
struct WriterUser: Equatable {
    let id: Int
    var name: String?
    var score: Double
    @Key("tag list") var tags: [String]?
    @EncodeNil var active: Bool?
    var joined: Date
    @Key("id_64") var id64: Int64
    @Key("id_u64") var id128: UInt64
}

extension WriterUser {
    /// The `index`th of a varied list: each optional member is left out of some.
    init(number index: Int) {
        id = index
        name = index % 3 == 0 ? nil : "user \(index)"
        score = Double(index) / 4
        tags = index % 2 == 0 ? ["a/b", "c\"d"] : nil
        active = index % 5 == 0 ? nil : index % 2 == 1
        joined = Date(timeIntervalSince1970: Double(index) * 86_400)
        id64 = Int64(-index)
        id128 = UInt64.max - UInt64(index)
    }
}

@JSONModel
struct WriterOddKeys: Equatable {
    @Key("a/b") var slash: Int
    @Key("q\"") var quote: Int
    @Key("é") var accent: Int
    @Key("line\\nbreak") var escaped: Int
}

@JSONModel
struct NestedWrites: Equatable {
    let name: String
    @Key("address.zip") let zip: Int
    @Key("address.parts.first") let first: String
    @Key("people[1].name") let secondName: String
    @Key("matrix[1][2]") let corner: Int
}

@JSONModel
struct FlatScore: Equatable {
    var score: Double
    var name: String
}

@JSONModel
struct FlatOwner: Equatable {
    var name: String
    @Flatten var detail: FlatScore
}

/// Writes one key twice through the public writer (or a keyed container for other encoders).
struct TwiceWritten: Encodable {
    enum CodingKeys: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
            try writer.encode(1, forKey: "a")
            try writer.encode(3, forKey: "b")
            try writer.encode(2, forKey: "a")
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            try container.encode(3, forKey: .b)
            try container.encode(2, forKey: .a)
        }
    }
}

/// Writes the members its mask names, through the public writer (keys from literals) or a keyed
/// container for other encoders.
struct LiteralRow: Encodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case alpha, beta, gamma, delta, epsilon, zeta }

    let mask: Int

    func encode(to encoder: any Encoder) throws {
        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
            if mask & 1 != 0 { try writer.encode(1, forKey: "alpha") }
            if mask & 2 != 0 { try writer.encode(2, forKey: "beta") }
            if mask & 4 != 0 { try writer.encode(3, forKey: "gamma") }
            if mask & 8 != 0 { try writer.encode(4, forKey: "delta") }
            if mask & 16 != 0 { try writer.encode(5, forKey: "epsilon") }
            if mask & 32 != 0 { try writer.encode(6, forKey: "zeta") }
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for (bit, key) in CodingKeys.allCases.enumerated() where mask & 1 << bit != 0 {
                try container.encode(bit + 1, forKey: key)
            }
        }
    }
}

/// Writes into a nested writer after its parent has written another member.
struct LateNested: Encodable {
    enum CodingKeys: String, CodingKey { case a, b, x, y }

    func encode(to encoder: any Encoder) throws {
        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
            let nested = writer.nestedContainer(forKey: "a")
            try nested.encode(1, forKey: "x")
            try writer.encode(2, forKey: "b")
            try nested.encode(3, forKey: "y")
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
            try nested.encode(1, forKey: .x)
            try container.encode(2, forKey: .b)
            try nested.encode(3, forKey: .y)
        }
    }
}

@JSONModel
struct WriterHooked: JSONModelHooks {
    struct Refused: Error {}

    let value: Int

    func willEncode() throws {
        if value < 0 { throw Refused() }
    }
}
