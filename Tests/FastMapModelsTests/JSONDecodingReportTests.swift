import FastMapModels
import Foundation
import Testing

struct ReportItem: Codable, Equatable {
    let id: Int
    let price: Double
}

@JSONModel
struct ReportOrder: Equatable {
    @Lossy var items: [ReportItem]
    @Lossy var tags: [String: Int]
    @Default(0, onInvalid: true) var quantity: Int
    @Default("none", onInvalid: true) var note: String?
    @Default(1, onInvalid: true) var missing: Int
}

@JSONModel
final class ReportBatch {
    @Lossy let ids: Set<Int>
    @JSONString let order: ReportOrder
    @Default([], onInvalid: true) var labels: [String]

    init(ids: Set<Int>, order: ReportOrder, labels: [String]) {
        self.ids = ids
        self.order = order
        self.labels = labels
    }
}

@JSONModel
struct ReportNested: Equatable {
    @Key("meta.count") @Default(0, onInvalid: true) var count: Int
}

@Suite("JSONDecodingReport")
struct JSONDecodingReportTests {
    static let text = #"""
        {"items": [{"id": 1, "price": 1.5}, {"id": 2, "price": "free"}, {"id": 3}, {"id": 4, "price": 4}],
         "tags": {"a": 1, "b": "two"},
         "quantity": "many",
         "note": 5}
        """#

    @Test func collectsDroppedElementsAndDefaults() throws {
        var report = JSONDecodingReport()
        let order = try FastJSONDecoder().decode(ReportOrder.self, from: Data(Self.text.utf8), report: &report)
        #expect(order.items.map(\.id) == [1, 4])
        #expect(order.tags == ["a": 1])
        #expect(order.quantity == 0)
        #expect(order.note == "none")
        #expect(order.missing == 1)
        #expect(
            report.entries.map(\.path) == [
                "$.items[1].price", "$.items[2].price", "$.tags.b", "$.quantity", "$.note",
            ])
        #expect(
            report.entries.map(\.kind) == [
                .droppedElement, .droppedElement, .droppedElement, .defaultValue, .defaultValue,
            ])
        #expect(report.entries[0].description.contains("$.items[1].price"))
        guard case DecodingError.typeMismatch = report.entries[0].error else {
            Issue.record("expected typeMismatch, got \(report.entries[0].error)")
            return
        }
    }

    @Test func sameValueAsWithoutAReport() throws {
        var report = JSONDecodingReport()
        let data = Data(Self.text.utf8)
        let reported = try FastJSONDecoder().decode(ReportOrder.self, from: data, report: &report)
        #expect(reported == (try FastJSONDecoder().decode(ReportOrder.self, from: data)))
        #expect(reported == (try JSONDecoder().decode(ReportOrder.self, from: data)))
        var clean = JSONDecodingReport()
        _ = try FastJSONDecoder().decode(
            ReportOrder.self, from: Data(#"{"items": [], "tags": {}, "quantity": 2}"#.utf8), report: &clean)
        #expect(clean.isEmpty)
    }

    @Test func skipInvalidArrayElementsReports() throws {
        let decoder = FastJSONDecoder()
        decoder.lossyCoercions = .skipInvalidArrayElements
        var report = JSONDecodingReport()
        let items = try decoder.decode(
            [ReportItem].self, from: Data(#"[{"id": 1, "price": 1}, {"id": "x", "price": 2}]"#.utf8), report: &report)
        #expect(items.map(\.id) == [1])
        #expect(report.entries.map(\.path) == ["$[1].id"])
        #expect(report.entries.first?.kind == .droppedElement)
    }

    @Test func finalClassSetsAndJSONInAString() throws {
        let text = #"""
            {"ids": [1, "two", 3], "labels": "none",
             "order": "{\"items\": [{\"id\": 1}], \"tags\": {}, \"quantity\": 1}"}
            """#
        var report = JSONDecodingReport()
        let batch = try FastJSONDecoder().decode(ReportBatch.self, from: Data(text.utf8), report: &report)
        #expect(batch.ids == [1, 3])
        #expect(batch.labels == [])
        #expect(batch.order.items == [])
        // The string's own document starts again at `$`: its entries are inside the string.
        #expect(report.entries.map(\.path) == ["$.ids[1]", "$.items[0].price", "$.labels"])
    }

    @Test func aFailedDecodeStillReportsWhatWasDroppedBeforeIt() throws {
        var report = JSONDecodingReport()
        #expect(throws: DecodingError.self) {
            try FastJSONDecoder().decode(
                ReportOrder.self, from: Data(#"{"items": [{"id": 1}], "tags": 5}"#.utf8), report: &report)
        }
        #expect(report.entries.map(\.path) == ["$.items[0].price"])
    }

    @Test func anInvalidParentOfLenientPathsIsReportedOnce() throws {
        var report = JSONDecodingReport()
        let bytes = Array(#"{"meta": [1]}"#.utf8)
        let value = try FastJSONDecoder().decode(ReportNested.self, from: bytes, report: &report)
        #expect(value == ReportNested(count: 0))
        #expect(value == (try JSONDecoder().decode(ReportNested.self, from: Data(bytes))))
        #expect(report.entries.map(\.path) == ["$.meta"])
        #expect(report.entries.map(\.kind) == [.defaultValue])
    }
}
