import FastMapModels
import Foundation
import Testing

struct PathInner: Codable, Equatable {
    let age: Int
}

@JSONModel
struct PathReads: Equatable {
    @Key("data.user") let user: PathInner
    @Key("data.tags[1]") let secondTag: String
    @Key("data.name") let name: String
    @Key("extra.café") let accented: Int?
}

@JSONModel
struct SnakePaths: Equatable {
    @Key("outerPart.innerValue") let inner: Int
    @Key("outerPart.list[0]") let first: String
}

/// A hand-written `init(from:)` using the reader directly, with a path of no steps.
struct EmptyPathReader: Decodable {
    enum CodingKeys: String, CodingKey { case a }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try JSONModelReader(container, decoder: decoder).decode(Int.self, at: [])
    }
}

@Suite("@JSONModel nested paths on either decoder")
struct JSONModelReaderTests {
    private static let valid = #"""
        {"data": {"user": {"age": 3}, "tags": ["a", "b"], "name": "n"}, "extra": {"cafe\u0301": 4}}
        """#

    @Test func pathsResolveAlikeOnBothDecoders() throws {
        let value = try JSONModelFixture.decode(PathReads.self, from: Self.valid)
        #expect(value == PathReads(user: PathInner(age: 3), secondTag: "b", name: "n", accented: 4))
        #expect(try JSONModelFixture.roundTrip(value) == value)
    }

    /// Each broken payload fails with the same error case and coding path on both decoders (the
    /// fixture checks that); here the path itself is checked too.
    @Test(arguments: [
        (
            #"{"data": {"user": {"age": "x"}, "tags": ["a", "b"], "name": "n"}}"#, "typeMismatch",
            ["data", "user", "age"]
        ),
        (#"{"data": null}"#, "valueNotFound", ["data"]),
        (#"{"data": 5}"#, "typeMismatch", ["data"]),
        (#"{}"#, "keyNotFound", ["data"]),
        (#"{"data": {"user": null, "tags": ["a", "b"], "name": "n"}}"#, "valueNotFound", ["data", "user"]),
        (#"{"data": {"user": {"age": 1}, "tags": ["a"], "name": "n"}}"#, "keyNotFound", ["data", "tags", "Index 1"]),
        (#"{"data": {"user": {"age": 1}, "tags": {"a": 1}, "name": "n"}}"#, "typeMismatch", ["data", "tags"]),
        (
            #"{"data": {"user": {"age": 1}, "tags": ["a", 2], "name": "n"}}"#, "typeMismatch",
            ["data", "tags", "Index 1"]
        ),
        (#"{"data": {"user": {"age": 1}, "tags": ["a", "b"]}}"#, "keyNotFound", ["data", "name"]),
        (#"{"data": {"user": {"age": 1}, "tags": ["a", "b"], "name": "n"}, "extra": []}"#, "typeMismatch", ["extra"]),
    ])
    func brokenPathsFailAlike(payload: String, expectedCase: String, expectedPath: [String]) throws {
        #expect {
            try JSONModelFixture.decode(PathReads.self, from: payload)
        } throws: { error in
            let matchesCase =
                switch error {
                case DecodingError.typeMismatch: expectedCase == "typeMismatch"
                case DecodingError.valueNotFound: expectedCase == "valueNotFound"
                case DecodingError.keyNotFound: expectedCase == "keyNotFound"
                default: false
                }
            return matchesCase && JSONModelFixture.reportedPath(error) == expectedPath
                && "\(error)".contains("PathReads.")
        }
    }

    @Test func failureInsideANestedValueNamesTheFullPathOnFastJSONDecoder() throws {
        let payload = Data(#"{"data": {"user": {"age": true}, "tags": ["a", "b"], "name": "n"}}"#.utf8)
        #expect {
            try FastJSONDecoder().decode(PathReads.self, from: payload)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error,
                let underlying = context.underlyingError as? FastMapError
            else { return false }
            return underlying.pathDescription == "$.data.user.age"
                && context.codingPath.map(\.stringValue) == ["data", "user", "age"]
                && context.debugDescription.contains("PathReads.user (key path \"data.user\", PathInner)")
                && context.debugDescription.contains("Expected to decode Int but found bool instead")
        }
    }

    @Test func keyStrategiesStillApplyToNestedPaths() throws {
        let data = Data(#"{"outer_part": {"inner_value": 7, "list": ["x"]}}"#.utf8)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let fast = FastJSONDecoder()
        fast.keyDecodingStrategy = .convertFromSnakeCase
        let expected = SnakePaths(inner: 7, first: "x")
        #expect(try foundation.decode(SnakePaths.self, from: data) == expected)
        #expect(try fast.decode(SnakePaths.self, from: data) == expected)
        #expect(throws: DecodingError.self) {
            try FastJSONDecoder().decode(SnakePaths.self, from: data)
        }
    }

    @Test func aPathOfNoStepsThrowsOnBothDecoders() throws {
        let data = Data(#"{"a": 1}"#.utf8)
        for decode in [
            { try JSONDecoder().decode(EmptyPathReader.self, from: data) },
            { try FastJSONDecoder().decode(EmptyPathReader.self, from: data) },
        ] {
            #expect {
                _ = try decode()
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.debugDescription.contains("at least one step")
            }
        }
    }
}
