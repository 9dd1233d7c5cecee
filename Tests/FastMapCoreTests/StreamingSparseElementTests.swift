import CFastMap
import FastMapTestSupport
import Foundation
import Testing

@_spi(FastMapCore) @testable import FastMapCore

/// The streaming parser's sparse elements (`StreamingParser.filter(by:)`): the builder keeps
/// only the schema's members, each element carries its schema and text, and its full tree is
/// the one a parser without a schema builds.
@Suite("Streaming sparse elements")
struct StreamingSparseElementTests {
    /// Keeps `id` and `inner.x` of each element.
    private static func schema() -> JSONSparseSchema {
        let shape = JSONSparseShape()
        _ = shape.member("id")
        _ = shape.member("inner").member("x")
        return JSONSparseSchema(shape)
    }

    /// Every element of `text`, fed `chunk` bytes at a time, with or without the schema.
    private static func elements(
        _ text: String, chunk: Int, filtered: Bool, parser engine: JSONParser = .simdjson
    ) throws -> [StreamedElement] {
        let parser = try StreamingParser(mode: .array(.root), maximumDepth: 64, parser: engine)
        let schema = schema()
        if filtered { parser.filter(by: { schema }) }
        var elements: [StreamedElement] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            JSONInput.with(bytes[start..<end]) { input in
                var offset = 0
                while offset < input.count { offset += parser.feed(input.dropFirst(offset), into: &elements) }
            }
            start = end
        }
        parser.finish(into: &elements)
        return elements
    }

    private static let text = #"""
        [{"skip": [1.00000000000000000001, {"id": 9}], "id": 1, "inner": {"x": 2, "y": "\u00e9"}},
         {"inner": {"y": [1e400]}, "id": 2.50000000000000000001, "z": null}, 7, "s",
         {"id": {"a": 1}, "id": 3}]
        """#

    @Test(arguments: [1, 3, 16, 4096]) func filteredTreesKeepOnlyTheSchema(chunk: Int) throws {
        let filtered = try Self.elements(Self.text, chunk: chunk, filtered: true)
        let full = try Self.elements(Self.text, chunk: chunk, filtered: false)
        #expect(filtered.count == 5)
        #expect(full.count == 5)
        for (sparse, whole) in zip(filtered, full) {
            #expect(sparse.offset == whole.offset)
            #expect(sparse.line == whole.line)
            guard case .value(let json) = sparse.payload, case .value(let expected) = whole.payload else {
                Issue.record("an element failed")
                continue
            }
            #expect(whole.filter == nil)
            // Scalar elements are built whole whatever the schema; objects lose what it lacks.
            if let filter = sparse.filter {
                #expect(try filter.fullTree() == expected)
            }
            if expected.object != nil {
                #expect(sparse.filter != nil)
                #expect(
                    json.object?.keys.sorted()
                        == expected.object?.keys.filter { ["id", "inner"].contains($0) }.sorted())
            } else {
                #expect(json == expected)
            }
        }
        guard case .value(let first) = filtered[0].payload else { return }
        #expect(first["inner"]?.object?.keys.sorted() == ["x"])
        guard case .value(let second) = filtered[1].payload else { return }
        #expect(second["inner"]?.object?.isEmpty == true)
    }

    /// Long runs of elements go to simdjson's walk, which checks what the schema skips without
    /// reporting it: the same elements, failures and positions as yajl reading every token,
    /// also for a lone surrogate and for nesting around the depth limit inside skipped values.
    @Test func simdjsonWindowsSkipWhatTheSchemaDoesNotKeep() throws {
        var records = (0..<3000).map {
            #"{"skip":[1,{"id":9,"t":"\u00e9"}],"id":\#($0),"inner":{"x":\#($0),"y":[true]},"z":-1.5e3}"#
        }
        records[1500] = #"{"skip":"\ud800","id":1}"#
        // maximumDepth 64 leaves an element of the root array 63 levels.
        for (offset, levels) in [61, 62, 63, 64].enumerated() {
            let nested = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            records[2000 + offset] = #"{"skip":\#(nested),"id":2}"#
        }
        let text = "[" + records.joined(separator: ",\n") + "]"
        let skipped = fm_test_simdjson_skipped_values()
        let walked = try Self.elements(text, chunk: 1 << 20, filtered: true, parser: .simdjson)
        #expect(fm_test_simdjson_skipped_values() - skipped >= 1000)
        let read = try Self.elements(text, chunk: 1 << 20, filtered: true, parser: .yajl)
        #expect(walked.count == 3000)
        #expect(walked.count == read.count)
        var failures = 0
        for (fast, slow) in zip(walked, read) {
            #expect(fast.offset == slow.offset && fast.line == slow.line && fast.column == slow.column)
            switch (fast.payload, slow.payload) {
            case (.value(let a), .value(let b)): #expect(a == b)
            case (.failure(let a), .failure(let b)):
                failures += 1
                #expect(a.kind == b.kind && a.message == b.message && a.location == b.location)
            default: Issue.record("element \(fast.index): \(fast.payload) vs \(slow.payload)")
            }
        }
        #expect(failures >= 2)
    }
}
