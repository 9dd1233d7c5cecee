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
}
