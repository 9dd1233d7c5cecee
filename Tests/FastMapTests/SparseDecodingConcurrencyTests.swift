import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// Issue #17: one type learned, widened and decoded sparsely from many threads at once (the
/// schema cache is process-wide) still gives every thread the full tree's outcomes.
@Suite struct SparseDecodingConcurrencyTests {
    /// Its own type: schemas are per type, process-wide.
    enum Event: Decodable, Equatable, Sendable {
        case click(x: Int, y: Int)
        case key(code: String)
        case other(String)

        enum CodingKeys: String, CodingKey { case kind, x, y, code }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .kind) {
            case "click":
                self = .click(
                    x: try container.decode(Int.self, forKey: .x), y: try container.decode(Int.self, forKey: .y))
            case "key": self = .key(code: try container.decode(String.self, forKey: .code))
            case let kind: self = .other(kind)
            }
        }
    }

    @Test func threadsShareSchemasSafely() {
        let documents = [
            #"[{"kind":"click","x":1,"y":2,"code":"q","pad":[1,2,3]},{"kind":"move","x":0}]"#,
            #"[{"kind":"key","code":"k","x":9},{"kind":"click","x":3,"y":4}]"#,
            #"[{"kind":"click","x":"bad","y":2}]"#, #"[{"kind":"key"}]"#, #"[{"kind":"key","code":"z"}"#,
        ]
        let full = FastJSONDecoder()
        full.sparseDecoding.isEnabled = false
        let expected = documents.map { document in
            SparseOutcome { try full.decode([Event].self, from: Data(document.utf8)) }
        }
        // The first document a type is learned from decides whether it decodes sparsely at all
        // (one read nearly whole keeps the plain path): learn from one that is not, before the
        // threads race, so that which thread wins cannot decide the outcome. A type's first
        // decode only notes it; the second learns.
        for _ in 0..<2 {
            #expect(throws: Never.self) { try FastJSONDecoder().decode([Event].self, from: Data(documents[0].utf8)) }
        }
        let mismatches = LockedCounter()
        let filtered = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let decoder = FastJSONDecoder()
            for round in 0..<20 {
                let index = (thread + round) % documents.count
                let outcome = SparseOutcome { try decoder.decode([Event].self, from: Data(documents[index].utf8)) }
                if outcome != expected[index] { mismatches.add(1) }
            }
            filtered.add(decoder.sparseDecoding.statistics.filteredDecodes)
        }
        #expect(mismatches.value == 0)
        #expect(filtered.value > 0)
    }
}

/// A counter many threads bump.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ amount: Int) { lock.withLock { count += amount } }
    var value: Int { lock.withLock { count } }
}
