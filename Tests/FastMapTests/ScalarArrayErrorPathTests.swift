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

    /// Rows of doubles, read a row at a time by the same route (canada.json's rings).
    struct Polygon: Codable, Equatable {
        var rings: [[Double]]
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

    /// Decoding `tree` as `type` must fail with a depth error at `decoder`'s limit.
    private func expectDepthError<T: Decodable>(
        _ decoder: FastJSONDecoder, _ type: T.Type, from tree: JSON, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try decoder.decode(type, from: tree)
            Issue.record("decoded past the depth limit \(decoder.maximumDepth)", sourceLocation: sourceLocation)
        } catch let error as DecodingError {
            let underlying = DecodingFailure(error).underlyingError as? FastMapError
            #expect(underlying?.kind == .depthLimit, "limit \(decoder.maximumDepth)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
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

    @Test func aFailingRowOrElementOfRowsOfDoublesNamesBothIndices() throws {
        let good = #"{"rings":[[1.5,2],[],[3,-4e2,0]]}"#
        assertSameDecoding(Polygon.self, good)
        #expect(
            try FastJSONDecoder().decode(Polygon.self, from: Data(good.utf8))
                == Polygon(rings: [[1.5, 2], [], [3, -400, 0]]))
        let cases = [
            #"{"rings":[[1,2],[3,"x"]]}"#,
            #"{"rings":[[1,2],null]}"#,
            #"{"rings":[[1,2],3]}"#,
            #"{"rings":[[1,2],[3,null]]}"#,
            #"{"rings":{"0":[1]}}"#,
            #"{"rings":[[1,2],{"0":1}]}"#,
            #"{"rings":[[1,2],[1e400]]}"#,
        ]
        for json in cases { assertSameDecoding(Polygon.self, json) }
        #expect(fastMapError(Polygon.self, cases[0])?.pathDescription == "$.rings[1][1]")
        #expect(fastMapError(Polygon.self, cases[1])?.pathDescription == "$.rings[1]")
        #expect(fastMapError(Polygon.self, cases[2])?.pathDescription == "$.rings[1]")
        #expect(fastMapError(Polygon.self, cases[6])?.pathDescription == "$.rings[1][0]")
        #expect(fastMapError([Polygon].self, "[\(good),\(cases[3])]")?.pathDescription == "$[1].rings[1][1]")
        // canada.json's shape: rings of a polygon, polygons of a feature.
        let polygons = #"[[[1,2],[3,4]],[[5,"6"]]]"#
        assertSameDecoding([[[Double]]].self, polygons)
        #expect(fastMapError([[[Double]]].self, polygons)?.pathDescription == "$[1][0][1]")
        assertSameDecoding([String: [[Double]]].self, #"{"a":[[1]],"b":[[2,3],[true]]}"#)
    }

    @Test func rowsOfDoublesPastTheDepthLimitAreADepthError() throws {
        // The rows lie one level below the array of them: the limit counts both, as it counts
        // any nested array the decoder enters.
        let tree: JSON = ["rings": [[1, 2], [3]]]
        let decoder = FastJSONDecoder()
        decoder.maximumDepth = 2
        #expect(try decoder.decode(Polygon.self, from: tree) == Polygon(rings: [[1, 2], [3]]))
        for depth in [0, 1] {
            decoder.maximumDepth = depth
            expectDepthError(decoder, Polygon.self, from: tree)
        }
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
        expectDepthError(decoder, Series.self, from: tree)
    }
}
