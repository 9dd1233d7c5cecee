import Foundation
import Testing

@testable import FastMap

/// The coders skip their array and dictionary conformance checks for types whose layout is not an
/// array's or a dictionary's; a skipped array or dictionary would lose its fast path and, for
/// dictionaries under a key strategy, its exemption from key conversion.
@Suite struct CollectionLayoutTests {
    struct Wide: Codable, Equatable {
        var id: Int
        var name: String
        var scores: [Double]
    }

    enum Small: String, Codable { case a, b }

    @Test func everyArrayAndDictionaryHasTheirLayout() {
        #expect(CollectionLayout.mayBeArrayOrDictionary([Int].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([UInt8].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([Wide].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([[String: Wide]].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([Small].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([String: Int].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([String: Wide].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([String: [Wide]].self))
        #expect(CollectionLayout.mayBeArrayOrDictionary([Int: Small].self))
    }

    @Test func modelsOfOtherLayoutsAreSkipped() {
        #expect(!CollectionLayout.mayBeArrayOrDictionary(Wide.self))
        #expect(!CollectionLayout.mayBeArrayOrDictionary(Small.self))
        #expect(!CollectionLayout.mayBeArrayOrDictionary(String.self))
    }

    /// Dictionaries of wide values keep the key-strategy exemption and arrays of them the lossy
    /// path, decoded and encoded, as `JSONDecoder` and `JSONEncoder` do.
    @Test func dictionariesAndArraysOfWideValuesKeepTheirPaths() throws {
        let json = Data(
            #"{"first_key":{"id":1,"name":"a","scores":[1.5]},"second_key":{"id":2,"name":"b","scores":[]}}"#.utf8)
        let fast = FastJSONDecoder()
        fast.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let decoded = try fast.decode([String: Wide].self, from: json)
        #expect(decoded == (try foundation.decode([String: Wide].self, from: json)))
        #expect(decoded.keys.sorted() == ["first_key", "second_key"])

        let lossy = FastJSONDecoder()
        lossy.lossyCoercions = .skipInvalidArrayElements
        let elements = Data(#"[{"id":1,"name":"a","scores":[]},{"id":"x"},{"id":3,"name":"c","scores":[2]}]"#.utf8)
        #expect(try lossy.decode([Wide].self, from: elements).map(\.id) == [1, 3])

        expectSameEncoding(
            ["firstKey": decoded["first_key"]!, "secondKey": decoded["second_key"]!],
            setup: EncoderSetup(keyStrategy: .convertToSnakeCase))
    }
}
