import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// `decode(_:from:at:)`: the value at a key path, from bytes or from a parsed `JSON`.
@Suite("FastJSONDecoder decode at a key path")
struct DecoderPathTests {
    let text =
        #"{"data":{"items":[{"name":"a","count":1,"ratio":0.5,"flag":true},{"name":"b","count":"2","ratio":1,"flag":false}],"total":2,"meta":null}}"#

    private func codingPath(_ body: () throws -> Void) -> DecodingFailure? {
        do {
            try body()
            return nil
        } catch let error as DecodingError {
            return DecodingFailure(error)
        } catch {
            return nil
        }
    }

    @Test func decodesTheValueAtAPath() throws {
        let decoder = FastJSONDecoder()
        let data = Data(text.utf8)
        #expect(try decoder.decode(Int.self, from: data, at: "data.total") == 2)
        #expect(try decoder.decode(Simple.self, from: data, at: "data.items[0]").name == "a")
        #expect(try decoder.decode(String.self, from: Array(text.utf8), at: ["data", "items", 1, "name"]) == "b")
        let json = try JSON(data: data)
        #expect(try decoder.decode(Int.self, from: json, at: JSONKeyPath("data", "total")) == 2)
        #expect(try decoder.decode(Int?.self, from: json, at: "data.meta") == nil)
        #expect(try decoder.decode(JSON.self, from: json, at: "data.items[1].count") == "2")
        // The empty path is the whole document.
        #expect(try decoder.decode(JSON.self, from: data, at: JSONKeyPath.root) == json)
        // A sub-value of a JSON value is a document of its own for paths.
        let items = try #require(json["data"])
        #expect(try decoder.decode(Int.self, from: items, at: "items[0].count") == 1)
    }

    @Test func errorsNameTheFullPath() throws {
        let decoder = FastJSONDecoder()
        let data = Data(text.utf8)
        let inside = codingPath { _ = try decoder.decode([Simple].self, from: data, at: "data.items") }
        #expect(inside?.kind == "typeMismatch")
        #expect(inside?.codingPath.map(\.description) == ["data", "items", "Index 1#1", "count"])
        let underlying = try #require(inside?.underlyingError as? FastMapError)
        #expect(underlying.pathDescription == "$.data.items[1].count")
        #expect(underlying.foundSnippet == #""2""#)
    }

    @Test func missingStepsThrow() {
        let decoder = FastJSONDecoder()
        let data = Data(text.utf8)
        let missingKey = codingPath { _ = try decoder.decode(Int.self, from: data, at: "data.nothing") }
        #expect(missingKey?.kind == "keyNotFound")
        #expect(missingKey?.missingKey?.stringValue == "nothing")
        #expect(missingKey?.codingPath.map(\.stringValue) == ["data"])
        #expect((missingKey?.underlyingError as? FastMapError)?.kind == .keyNotFound)

        let outOfBounds = codingPath { _ = try decoder.decode(Simple.self, from: data, at: "data.items[5]") }
        #expect(outOfBounds?.kind == "valueNotFound")
        #expect(outOfBounds?.codingPath.map(\.description) == ["data", "items", "Index 5#5"])

        let notAContainer = codingPath { _ = try decoder.decode(Int.self, from: data, at: "data.total.x") }
        #expect(notAContainer?.kind == "typeMismatch")
        #expect(notAContainer?.codingPath.map(\.stringValue) == ["data", "total"])

        let notAnArray = codingPath { _ = try decoder.decode(Int.self, from: data, at: "data[0]") }
        #expect(notAnArray?.kind == "typeMismatch")

        let nullContainer = codingPath { _ = try decoder.decode(Int.self, from: data, at: "data.meta.x") }
        #expect(nullContainer?.kind == "valueNotFound")
        #expect(nullContainer?.codingPath.map(\.stringValue) == ["data", "meta"])

        let syntax = codingPath { _ = try decoder.decode(Int.self, from: Data("{".utf8), at: "a") }
        #expect(syntax?.kind == "dataCorrupted")
        #expect((syntax?.underlyingError as? FastMapError)?.location != nil)
    }
}
