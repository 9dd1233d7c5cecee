import FastMap
import FastMapModels
import Foundation
import Testing

/// The route a `@JSONModel` struct takes through FastJSONDecoder: its generated
/// `init(document:)` on FastMap's document, which must give what its `Codable` route gives,
/// value for value and error for error, on good and bad input alike.
@Suite("@JSONModel document route")
struct JSONModelDocumentRouteTests {
    #if DEBUG
        /// How many models took the document route while `body` ran.
        private func documentReads(_ body: () throws -> Void) rethrows -> Int {
            try JSONModelFixture.count(JSONObjectReader.$documentReads, while: body)
        }

        @Test func fastJSONDecoderReadsStructsFromTheDocument() throws {
            let data = Data(#"[{"id": 1, "price": 1.5}, {"id": 2, "price": 2}]"#.utf8)
            let order = Data(#"{"items": [{"id": 1, "price": 1.5}], "tags": {}, "quantity": 3}"#.utf8)
            // A struct, and a struct inside a struct's Codable property.
            #expect(try documentReads { _ = try FastJSONDecoder().decode([RoutePrice].self, from: data) } == 2)
            #expect(try documentReads { _ = try FastJSONDecoder().decode(ReportOrder.self, from: order) } == 1)
            #expect(try documentReads { _ = try FastJSONDecoder().decode(RouteBasket.self, from: order) } == 2)
            // Streamed elements.
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("route-\(UUID()).json")
            try data.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(try documentReads { try FastJSONDecoder().forEach(RoutePrice.self, contentsOf: url) { _ in } } == 2)
        }

        @Test func otherDecodersKeysStrategiesAndClassesTakeTheCodableRoute() throws {
            let data = Data(#"[{"id": 1, "price": 1.5}]"#.utf8)
            #expect(try documentReads { _ = try JSONDecoder().decode([RoutePrice].self, from: data) } == 0)
            let snake = FastJSONDecoder()
            snake.keyDecodingStrategy = .convertFromSnakeCase
            #expect(try documentReads { _ = try snake.decode([RoutePrice].self, from: data) } == 0)
            // A final class reads the document too (here with its JSON-string struct); a class
            // that may have subclasses, or that inherits its superclass's coding, does not.
            let batch = Data(#"{"ids": [1], "order": "{\"items\": [], \"tags\": {}}"}"#.utf8)
            #expect(try documentReads { _ = try FastJSONDecoder().decode(ReportBatch.self, from: batch) } == 2)
            let animal = Data(#"{"name": "rex", "legs": 3, "social": 12}"#.utf8)
            #expect(try documentReads { _ = try FastJSONDecoder().decode(ModelAnimal.self, from: animal) } == 0)
            #expect(try documentReads { _ = try FastJSONDecoder().decode(ModelDog.self, from: animal) } == 0)
            let off = FastJSONDecoder()
            off.readsDocuments = false
            #expect(try documentReads { _ = try off.decode([RoutePrice].self, from: data) } == 0)
        }
    #endif

    @Test func decodingReportsAgree() throws {
        let data = Data(JSONDecodingReportTests.text.utf8)
        var read = JSONDecodingReport()
        var decoded = JSONDecodingReport()
        let viaDocument = try FastJSONDecoder().decode(ReportOrder.self, from: data, report: &read)
        let codableDecoder = FastJSONDecoder()
        codableDecoder.readsDocuments = false
        let viaCodable = try codableDecoder.decode(ReportOrder.self, from: data, report: &decoded)
        #expect(viaDocument == viaCodable)
        #expect(read.entries.map(\.description) == decoded.entries.map(\.description))
        #expect(!read.entries.isEmpty)
        var nested = JSONDecodingReport()
        _ = try FastJSONDecoder().decode(
            ReportNested.self, from: Data(#"{"meta": {"count": "x"}}"#.utf8), report: &nested)
        #expect(nested.entries.map(\.path) == ["$.meta.count"])
    }

    /// Every member of the fixture payload removed, made `null`, or given a value of each
    /// other kind, for every struct model that reads it: both routes agree on each.
    @Test func mutatedPayloadsDecodeAlikeOnBothRoutes() throws {
        let base = try JSON(string: JSONModelFixture.text)
        let replacements: [JSON] = [nil, "x", 1.5, -7, true, [:], [], ["zip": "1"], [1, "2"]]
        let members = base.members
        var texts: [String] = []
        for index in members.indices {
            var removed = members
            removed.remove(at: index)
            texts.append(JSON(members: removed).description)
            for replacement in replacements {
                var changed = members
                changed[index].value = replacement
                texts.append(JSON(members: changed).description)
            }
        }
        texts += ["[]", "null", "1", #""text""#, "{}"]
        for text in texts {
            let data = Data(text.utf8)
            JSONModelFixture.expectRoutesAgree(KeyedUser.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(NestedKeys.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(MissingNested.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(Defaults.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(LosslessValues.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(LossyValues.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(ModelDates.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(OnlySocial.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(AliasedUser.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(SnakeModel.self, from: data, same: ==)
        }
    }

    @Test func finalClassesAgreeOnBothRoutes() throws {
        let texts = [
            #"{"id": 1, "owner": "ann"}"#, #"{"account_id": 2, "owner": "bo"}"#, #"{"owner": "cy"}"#,
            #"{"id": "3", "owner": "di"}"#, #"{"count": 4}"#, #"{"count": -1}"#, #"{"count": null}"#,
            #"{"value": 5}"#, #"{"value": 5.5}"#,
            #"{"ids": [1, "x", 2], "order": "{\"items\": [], \"tags\": {}}"}"#,
            #"{"ids": [1], "order": "{bad", "labels": 3}"#, #"[]"#, #"null"#,
        ]
        for text in texts {
            let data = Data(text.utf8)
            JSONModelFixture.expectRoutesAgree(AliasedAccount.self, from: data) {
                $0.id == $1.id && $0.owner == $1.owner
            }
            JSONModelFixture.expectRoutesAgree(HookedCounter.self, from: data) {
                $0.count == $1.count && $0.decodedCount == $1.decodedCount
            }
            JSONModelFixture.expectRoutesAgree(Standalone.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(ReportBatch.self, from: data) {
                $0.ids == $1.ids && $0.order == $1.order && $0.labels == $1.labels
            }
        }
    }

    @Test func nestedPathsRootsAndFlatteningAgreeOnBadInput() throws {
        let texts = [
            #"{"data": {"user": {"id": 1, "name": "ann"}}}"#, #"{"data": {"user": null}}"#, #"{"data": 3}"#,
            #"{"data": {}}"#, #"{}"#, #"{"data": {"user": {"id": "1"}}}"#, #"{"data": {"user": []}}"#,
            #"{"name": "ann", "street": "Main", "zip_code": 5}"#, #"{"name": "ann", "zip_code": "5"}"#,
            #"{"a": {"b": {"c": 1, "d": "x"}}, "x": {"y": 2}, "s": {"t": "u"}}"#,
            #"{"a": {"b": null}, "x": 3}"#, #"{"a": [], "x": {"y": "z"}}"#, #"{"a": {"b": {"d": 4}}}"#,
            #"{"id": 1, "payload": "{\"street\": \"Main\", \"zip_code\": 9}"}"#,
            #"{"id": 1, "payload": "{not json"}"#, #"{"id": 1, "payload": 5}"#,
        ]
        for text in texts {
            let data = Data(text.utf8)
            JSONModelFixture.expectRoutesAgree(RootedUser.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(RouteMarker.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(FlatPerson.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(SharedPrefixes.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree(QueueMessage.self, from: data, same: ==)
            JSONModelFixture.expectRoutesAgree([FlatAddress].self, from: Data("[\(text)]".utf8), same: ==)
        }
    }
}

@JSONModel
struct RoutePrice: Equatable {
    let id: Int
    let price: Double
}

/// A struct whose items are read through `Codable` containers by a `[RoutePrice]` property.
@JSONModel
struct RouteBasket: Equatable {
    let items: [RoutePrice]
}

/// Nothing to read but its root: both routes still require the object there.
@JSONModel(root: "data")
struct RouteMarker: Equatable {
    @Ignore var seen = true
}
