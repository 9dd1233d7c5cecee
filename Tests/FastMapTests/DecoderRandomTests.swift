import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Thousands of seeded random models and payloads, half of them corrupted at one place:
/// FastJSONDecoder and JSONDecoder must agree on every one.
@Suite("FastJSONDecoder random differential")
struct DecoderRandomTests {
    @Test func randomModelsAndPayloads() {
        var generator = RandomDecodingCaseGenerator(seed: 0xFA57_3A9)
        var failures: [String] = []
        var corrupted = 0
        for index in 0..<3000 {
            let sample = generator.next()
            if sample.corruption != "none" { corrupted += 1 }
            let box = RandomSchemaBox(sample.schema)
            let configure: (FastJSONDecoder, JSONDecoder) -> Void = { fast, foundation in
                fast.userInfo[randomSchemaKey] = box
                foundation.userInfo[randomSchemaKey] = box
                fast.dateDecodingStrategy = sample.dateStrategy
                foundation.dateDecodingStrategy = sample.dateStrategy
                if sample.snakeCase {
                    fast.keyDecodingStrategy = .convertFromSnakeCase
                    foundation.keyDecodingStrategy = .convertFromSnakeCase
                }
            }
            let data = Data(sample.json.utf8)
            if let difference = decodingDifference(SchemaDecoded.self, data: data, configure: configure) {
                failures.append("case \(index) (\(sample.corruption)): \(sample.json)\n\(difference)")
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) disagreements, first: \(failures.prefix(3).joined(separator: "\n\n"))")
        // The generator must really produce both outcomes.
        #expect(corrupted > 1000)
    }

    @Test func randomDocumentsAsDynamicValues() {
        var generator = RandomDecodingCaseGenerator(seed: 42)
        var failures: [String] = []
        for index in 0..<1500 {
            let json = generator.nextDocument()
            if let difference = decodingDifference(AnyValue.self, data: Data(json.utf8)) {
                failures.append("document \(index): \(json)\n\(difference)")
            }
            if let difference = decodingDifference([String: AnyValue].self, data: Data(json.utf8)) {
                failures.append("document \(index) as object: \(json)\n\(difference)")
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) disagreements, first: \(failures.prefix(3).joined(separator: "\n\n"))")
    }
}
