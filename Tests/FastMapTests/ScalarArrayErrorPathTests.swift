import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// Arrays of scalars are read without entering them, and a failing element sends the read
/// back through the entered route; these tests hold the paths and depth errors of that route.
@Suite("Scalar array element errors")
struct ScalarArrayErrorPathTests {
    struct Series: Codable, Equatable {
        var name: String
        var values: [Int]
        var weights: [Double]
    }

    /// Reads its arrays from a nested container, so their position has a `nestedContainer` step.
    struct Nested: Decodable, Equatable {
        var values: [Int]

        enum Outer: String, CodingKey { case inner }
        enum Inner: String, CodingKey { case values }

        init(from decoder: any Decoder) throws {
            let inner = try decoder.container(keyedBy: Outer.self).nestedContainer(keyedBy: Inner.self, forKey: .inner)
            values = try inner.decode([Int].self, forKey: .values)
        }
    }

    private func fastMapError<T: Decodable>(
        _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FastMapError? {
        do {
            _ = try FastJSONDecoder().decode(type, from: Data(json.utf8))
            Issue.record("\(json) decoded", sourceLocation: sourceLocation)
        } catch let error as DecodingError {
            return DecodingFailure(error).underlyingError as? FastMapError
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func aFailingElementAfterGoodOnesNamesItsKeyAndIndex() throws {
        let good = #"{"name":"a","values":[1,2,3],"weights":[0.5,1]}"#
        assertSameDecoding(Series.self, good)
        let cases = [
            #"{"name":"a","values":[1,2,"x"],"weights":[0.5]}"#,
            #"{"name":"a","values":[1,null],"weights":[0.5]}"#,
            #"{"name":"a","values":[1,2.5],"weights":[0.5]}"#,
            #"{"name":"a","values":[7],"weights":[0.5,true,1]}"#,
            #"{"name":"a","values":{"0":1},"weights":[]}"#,
        ]
        for json in cases { assertSameDecoding(Series.self, json) }
        #expect(fastMapError(Series.self, cases[0])?.pathDescription == "$.values[2]")
        #expect(fastMapError(Series.self, cases[3])?.pathDescription == "$.weights[1]")
        #expect(fastMapError([Series].self, "[\(good),\(cases[1])]")?.pathDescription == "$[1].values[1]")
    }

    @Test func anArrayInANestedContainerKeepsTheNestedStep() throws {
        assertSameDecoding(Nested.self, #"{"inner":{"values":[1,2]}}"#)
        assertSameDecoding(Nested.self, #"{"inner":{"values":[1,false]}}"#)
        #expect(fastMapError(Nested.self, #"{"inner":{"values":[1,false]}}"#)?.pathDescription == "$.inner.values[1]")
    }

    @Test func anArrayPastTheDepthLimitIsADepthError() throws {
        // Parsing stops at the limit, so only a tree built in code reaches the decoder this deep.
        let tree: JSON = ["name": "a", "values": [1, 2], "weights": []]
        let decoder = FastJSONDecoder()
        decoder.maximumDepth = 1
        #expect(try decoder.decode(Series.self, from: tree) == Series(name: "a", values: [1, 2], weights: []))
        decoder.maximumDepth = 0
        do {
            _ = try decoder.decode(Series.self, from: tree)
            Issue.record("decoded past the depth limit")
        } catch let error as DecodingError {
            let underlying = DecodingFailure(error).underlyingError as? FastMapError
            #expect(underlying?.kind == .depthLimit)
        }
    }
}
