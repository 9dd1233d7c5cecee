import FastMap
import FastMapModels
import Foundation
import Testing

/// The payload the `@JSONModel` behaviour tests read: the cases Kodable documents, written out.
enum JSONModelFixture {
    static let text = #"""
        {
            "first_name": "John",
            "home_address": "Mountain View",
            "social": "123456789987654321",
            "identifier": "1234",
            "name": "John Doe",
            "address": {"zip": 90000, "zipCode": 94040, "parts": {"first": "random address"}},
            "iso8601": "1996-12-19T16:39:57-08:00",
            "iso8601_millisecond_date": "2021-08-30T18:35:19.001Z",
            "simple_date": "2001-01-01",
            "rfc2822": "Thu, 19 Dec 1996 16:39:57 GMT",
            "rfc3339": "1996-12-19T16:39:57-08:00",
            "timestamp": 978307200.0,
            "timestamp_ms": 978307200000,
            "timestamp_text": "978307200",
            "custom_date": "lorem ipsum",
            "id": 2623488,
            "title": "     Create New Project       ",
            "empty": "       ",
            "width": 400,
            "height": 300,
            "images": {"teaser": "https://example.com/teaser.gif"},
            "views_count": 5454,
            "comments_count": 19,
            "html_url": "https://dribbble.com/shots/2623488-Create-New-Project",
            "animated": true,
            "one": ["A", "B", "C"],
            "three": "Invalid Value",
            "failable_array": ["1", 1.5, "2", true, "3", null, 4],
            "failable_lossy_array": [{"name": 1}, {"dragonite": "this key will fail to be parsed"}, {"name": "john"}],
            "age": "18",
            "cm_height": "170",
            "children_count": "invalid",
            "amount": 629.9,
            "string_bool": "false",
            "int_bool": 1,
            "unordered_array": [1, 5, 3, 2, 4],
            "unordered_optional_elements_array": [8, null, 5, null, 3],
            "people": [{"id": 3, "name": "pete"}, {"id": 1, "name": "brad"}, {"id": 2, "name": "joe"}],
            "people_optional": [{"id": 3, "name": "pete"}, {"id": 1, "name": null}, {"id": 2, "name": "joe"}],
            "matrix": [[1, 2], [3, 4, 5]],
            "tags_set": ["a", "b", 3, "a"],
            "scores": {"math": 90, "art": "A", "music": 75}
        }
        """#

    static var data: Data { Data(text.utf8) }

    /// Decodes with Foundation's `JSONDecoder`, and checks that `FastJSONDecoder` succeeds or fails
    /// alike (with the same error case).
    static func decode<Model: Decodable>(
        _ type: Model.Type, from text: String = text, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Model {
        try decodeWithBoth(
            type, from: text, same: { String(describing: $0) == String(describing: $1) },
            sourceLocation: sourceLocation
        ).foundation
    }

    /// ``decode(_:from:sourceLocation:)`` that also requires both decoders to give equal values.
    static func decode<Model: Decodable & Equatable>(
        _ type: Model.Type, from text: String = text, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Model {
        let (foundation, fast) = try decodeWithBoth(type, from: text, same: ==, sourceLocation: sourceLocation)
        #expect(fast == foundation, "FastJSONDecoder decoded a different value", sourceLocation: sourceLocation)
        return foundation
    }

    private static func decodeWithBoth<Model: Decodable>(
        _ type: Model.Type, from text: String, same: (Model, Model) -> Bool, sourceLocation: SourceLocation
    ) throws -> (foundation: Model, fast: Model?) {
        let data = Data(text.utf8)
        let fast = Result { try FastJSONDecoder().decode(type, from: data) }
        expectRoutesAgree(type, from: data, same: same, sourceLocation: sourceLocation)
        do {
            let foundation = try JSONDecoder().decode(type, from: data)
            if case .failure(let error) = fast {
                Issue.record(
                    "FastJSONDecoder failed where JSONDecoder did not: \(error)", sourceLocation: sourceLocation)
            }
            return (foundation, try? fast.get())
        } catch {
            if case .success = fast {
                Issue.record(
                    "FastJSONDecoder succeeded where JSONDecoder failed: \(error)", sourceLocation: sourceLocation)
            } else if case .failure(let fastError) = fast, caseName(fastError) != caseName(error) {
                Issue.record(
                    "FastJSONDecoder threw \(caseName(fastError)), JSONDecoder \(caseName(error))",
                    sourceLocation: sourceLocation)
            } else if case .failure(let fastError) = fast, reportedPath(fastError) != reportedPath(error) {
                Issue.record(
                    "FastJSONDecoder reported \(reportedPath(fastError)), JSONDecoder \(reportedPath(error))",
                    sourceLocation: sourceLocation)
            }
            throw error
        }
    }

    #if DEBUG
        /// How many times `counter` (one of the readers' and writers' debug counters) was counted
        /// while `body` ran.
        static func count(_ counter: TaskLocal<LockedValue<Int>?>, while body: () throws -> Void) rethrows -> Int {
            let count = LockedValue(0)
            try counter.withValue(count) { try body() }
            return count.withLock { $0 }
        }
    #endif

    /// Decodes with FastJSONDecoder twice, through the generated readers of the document
    /// and through their `Codable` route, and checks that both give the same value (as `same`
    /// compares them) or throw the same error (case, coding path and description).
    static func expectRoutesAgree<Model: Decodable>(
        _ type: Model.Type, from data: Data, same: (Model, Model) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let document = Result { try FastJSONDecoder().decode(type, from: data) }
        let codableDecoder = FastJSONDecoder()
        codableDecoder.readsDocuments = false
        let codable = Result { try codableDecoder.decode(type, from: data) }
        switch (document, codable) {
        case (.success(let read), .success(let decoded)):
            #expect(
                same(read, decoded), "the document route decoded \(read), the Codable route \(decoded)",
                sourceLocation: sourceLocation)
        case (.failure(let readError), .failure(let decodedError)):
            #expect(caseName(readError) == caseName(decodedError), sourceLocation: sourceLocation)
            #expect(reportedPath(readError) == reportedPath(decodedError), sourceLocation: sourceLocation)
            #expect(
                String(describing: readError) == String(describing: decodedError), sourceLocation: sourceLocation)
        case (.success, .failure(let error)):
            Issue.record("only the Codable route failed: \(error)", sourceLocation: sourceLocation)
        case (.failure(let error), .success):
            Issue.record("only the document route failed: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The coding path of a `DecodingError`, with the missing key of `keyNotFound` appended.
    static func reportedPath(_ error: any Error) -> [String] {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            context.codingPath.map(\.stringValue)
        case DecodingError.keyNotFound(let key, let context):
            (context.codingPath + [key]).map(\.stringValue)
        default: []
        }
    }

    private static func caseName(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch: "typeMismatch"
        case DecodingError.valueNotFound: "valueNotFound"
        case DecodingError.keyNotFound: "keyNotFound"
        case DecodingError.dataCorrupted: "dataCorrupted"
        default: "\(type(of: error))"
        }
    }

    /// Encodes with FastJSONEncoder twice, through the generated writers and through the
    /// `Codable` route, in every output format, alone and three times in an array (from the
    /// second object on, the encoder writes keys it has learned): both must write the same
    /// bytes, or throw the same error with the same coding path.
    static func expectEncodingRoutesAgree<Model: Encodable>(
        _ value: Model, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let formats: [JSONEncoder.OutputFormatting] = [
            [], .sortedKeys, .prettyPrinted, [.prettyPrinted, .sortedKeys], .withoutEscapingSlashes,
        ]
        for format in formats {
            let writing = FastJSONEncoder()
            writing.outputFormatting = format
            let codable = FastJSONEncoder()
            codable.outputFormatting = format
            codable.writesModels = false
            expectSameOutput(
                Result { try writing.encode(value) }, Result { try codable.encode(value) }, sourceLocation)
            expectSameOutput(
                Result { try writing.encode([value, value, value]) },
                Result { try codable.encode([value, value, value]) }, sourceLocation)
        }
    }

    private static func expectSameOutput(
        _ written: Result<Data, any Error>, _ encoded: Result<Data, any Error>, _ sourceLocation: SourceLocation
    ) {
        switch (written, encoded) {
        case (.success(let writer), .success(let coding)):
            #expect(
                writer == coding,
                "the writer route wrote \(String(decoding: writer, as: UTF8.self)), the Codable route \(String(decoding: coding, as: UTF8.self))",
                sourceLocation: sourceLocation)
        case (.failure(let writerError), .failure(let codingError)):
            #expect(String(describing: writerError) == String(describing: codingError), sourceLocation: sourceLocation)
            #expect(encodedPath(writerError) == encodedPath(codingError), sourceLocation: sourceLocation)
        case (.success, .failure(let error)):
            Issue.record("only the Codable route failed: \(error)", sourceLocation: sourceLocation)
        case (.failure(let error), .success):
            Issue.record("only the writer route failed: \(error)", sourceLocation: sourceLocation)
        }
    }

    private static func encodedPath(_ error: any Error) -> [String] {
        guard case EncodingError.invalidValue(_, let context) = error else { return [] }
        return context.codingPath.map(\.stringValue)
    }

    /// Encodes with `JSONEncoder` and decodes the result again (checking FastJSONEncoder's
    /// two routes on the way).
    static func roundTrip<Model: Codable>(_ value: Model, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Model
    {
        expectEncodingRoutesAgree(value, sourceLocation: sourceLocation)
        return try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(value))
    }

    /// Round trip through Foundation's coders, and checks that FastMap's coders give the same value.
    static func roundTrip<Model: Codable & Equatable>(
        _ value: Model, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Model {
        expectEncodingRoutesAgree(value, sourceLocation: sourceLocation)
        let foundation = try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(value))
        let fast = try FastJSONDecoder().decode(Model.self, from: FastJSONEncoder().encode(value))
        #expect(
            fast == foundation, "FastJSONEncoder/FastJSONDecoder round trip differs", sourceLocation: sourceLocation)
        return foundation
    }

    /// The encoded value as a `JSON`, to look at its shape.
    static func encoded<Model: Encodable>(_ value: Model, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> JSON
    {
        expectEncodingRoutesAgree(value, sourceLocation: sourceLocation)
        return try JSON(data: JSONEncoder().encode(value))
    }
}

/// The `@Transform` example from the issue.
enum URLFromString: JSONModelTransformer {
    struct NotAURL: Error, CustomStringConvertible {
        let text: String
        var description: String { "not a URL: \(text)" }
    }

    static func decode(_ json: String) throws -> URL {
        guard !json.isEmpty, json.contains(":"), let url = URL(string: json) else { throw NotAURL(text: json) }
        return url
    }

    static func encode(_ value: URL) throws -> String { value.absoluteString }
}
