import FastMap
import Foundation
import Testing

/// Under a key strategy `JSONEncoder` writes `[String: Value]` itself, and its error paths skip
/// the key of the property or element holding the dictionary but keep the member names of
/// dictionaries nested in dictionaries. FastJSONEncoder reports the same paths.
@Suite("Encoder: error paths under a key strategy")
struct EncoderKeyStrategyPathTests {
    struct Holder: Encodable { let outerKey: [String: Double] }
    struct NestedHolder: Encodable { let outerKey: [String: [String: Double]] }
    struct ListHolder: Encodable { let items: [[String: Double]] }

    static func path(_ error: any Error) -> [String]? {
        guard case EncodingError.invalidValue(_, let context) = error else { return nil }
        return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }

    func expectSamePath<V: Encodable>(_ value: V, sourceLocation: SourceLocation = #_sourceLocation) {
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let fast = FastJSONEncoder()
        fast.keyEncodingStrategy = .convertToSnakeCase
        var foundationPath: [String]?
        var fastPath: [String]?
        do { _ = try foundation.encode(value) } catch { foundationPath = Self.path(error) }
        do { _ = try fast.encode(value) } catch { fastPath = Self.path(error) }
        #expect(foundationPath != nil, "JSONEncoder must fail on NaN", sourceLocation: sourceLocation)
        #expect(fastPath == foundationPath, sourceLocation: sourceLocation)
        do { _ = try fast.encodeToJSON(value) } catch { fastPath = Self.path(error) }
        #expect(fastPath == foundationPath, "encodeToJSON", sourceLocation: sourceLocation)
    }

    @Test func dictionaryInDictionaryKeepsTheOuterKey() {
        expectSamePath(["a": ["b": Double.nan]])
        expectSamePath(NestedHolder(outerKey: ["a": ["b": .nan]]))
    }

    @Test func theHoldingPropertyOrElementIsSkipped() {
        expectSamePath(["a": Double.nan])
        expectSamePath(Holder(outerKey: ["b": .nan]))
        expectSamePath(ListHolder(items: [["b": .nan]]))
        expectSamePath(["a": [1.0, .nan]])
        expectSamePath(["a": Holder(outerKey: ["b": .nan])])
    }
}
