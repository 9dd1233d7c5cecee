import FastMapLadybug
import Foundation
import Testing

/// Ladybug's key path test document, read through every mixed String / Int / dotted form: in
/// `JSONSerialization` objects (`[jsonKeyPath:]`), in `JSON` values, and as transformers.
@Suite("Ladybug key paths")
struct LadybugKeyPathTests {
    static let text = """
        {"start":["harry","potter",{"foo":33.3,"bar":["yes","no","maybe"],"fizz":{"type":"algo","values":[1,3,5]}}]}
        """

    /// Each path and the value it must reach (nil: nothing there).
    static let cases: [(JSONKeyPath, JSON?)] = [
        (JSONKeyPath("start", 0), "harry"),
        (JSONKeyPath("start", 1), "potter"),
        (JSONKeyPath("start", 2, "foo"), 33.3),
        (JSONKeyPath("start", 2, "bar", 0), "yes"),
        (JSONKeyPath("start", 2, "bar", 2), "maybe"),
        (JSONKeyPath("start", 2, "fizz.type"), "algo"),
        (JSONKeyPath("start", 2, "fizz", "type"), "algo"),
        (JSONKeyPath("start", 2, "fizz.values"), [1, 3, 5]),
        (JSONKeyPath("start", 2, "fizz.values", 1), 3),
        (JSONKeyPath("start", 2, "fizz", "values", 2), 5),
        (JSONKeyPath("start[2].fizz.values[0]"), 1),
        (JSONKeyPath("start[2].bar"), ["yes", "no", "maybe"]),
        ("start[1]", "potter"),
        (["start", 2, "fizz.type"], "algo"),
        (
            JSONKeyPath("start", 2),
            ["foo": 33.3, "bar": ["yes", "no", "maybe"], "fizz": ["type": "algo", "values": [1, 3, 5]]]
        ),
        (JSONKeyPath(1), nil),
        (JSONKeyPath("invalid"), nil),
        (JSONKeyPath("start", 3), nil),
        (JSONKeyPath("start", -1), nil),
        (JSONKeyPath("start", "0"), nil),
        (JSONKeyPath("start", 2, "bar.1"), nil),
        (JSONKeyPath("start", 2, "fizz", 0), nil),
        (JSONKeyPath("start", 0, "type"), nil),
    ]

    @Test func dictionarySubscript() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.text.utf8)) as? [String: Any])
        for (path, expected) in Self.cases {
            let found = object[jsonKeyPath: path]
            if let expected {
                let value = try #require(found, "nothing at \(path)")
                #expect(try JSON(foundationObject: value) == expected, "at \(path)")
            } else {
                #expect(found == nil, "at \(path)")
            }
        }
        #expect(object[jsonKeyPath: JSONKeyPath("start", 2, "fizz.values")] as? [Int] == [1, 3, 5])
        #expect(object[jsonKeyPath: JSONKeyPath("start", 2, "foo")] as? Double == 33.3)
        #expect((object[jsonKeyPath: .root] as? [String: Any])?.keys.sorted() == ["start"])
    }

    @Test func jsonValueSubscript() throws {
        let json = try JSON(string: Self.text)
        for (path, expected) in Self.cases {
            #expect(json[path] == expected, "at \(path)")
        }
    }

    /// A model reading the document with every form as a transformer.
    struct Potter: JSONCodable, Equatable {
        let first: String
        let second: String
        let foo: Double
        let yes: String
        let maybe: String
        let dottedType: String
        let splitType: String
        let values: [Int]
        let three: Int
        let five: Int
        let bracketed: Int
        let literal: String
        let arrayLiteral: String
        let beyondEnd: String?
        let notThere: Int?

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "first": JSONKeyPath("start", 0),
            "second": JSONKeyPath("start", 1),
            "foo": JSONKeyPath("start", 2, "foo"),
            "yes": JSONKeyPath("start", 2, "bar", 0),
            "maybe": JSONKeyPath("start", 2, "bar", 2),
            "dottedType": JSONKeyPath("start", 2, "fizz.type"),
            "splitType": JSONKeyPath("start", 2, "fizz", "type"),
            "values": JSONKeyPath("start", 2, "fizz.values"),
            "three": JSONKeyPath("start", 2, "fizz.values", 1),
            "five": JSONKeyPath("start", 2, "fizz", "values", 2),
            "bracketed": "start[2].fizz.values[0]",
            "literal": "start[1]",
            "arrayLiteral": ["start", 2, "fizz.type"] as JSONKeyPath,
            "beyondEnd": JSONKeyPath("start", 3),
            "notThere": JSONKeyPath("start", 2, "bar.1"),
        ]
    }

    @Test func transformers() throws {
        let potter = try Potter(data: Data(Self.text.utf8))
        #expect(potter.first == "harry")
        #expect(potter.second == "potter")
        #expect(potter.foo == 33.3)
        #expect(potter.yes == "yes")
        #expect(potter.maybe == "maybe")
        #expect(potter.dottedType == "algo")
        #expect(potter.splitType == "algo")
        #expect(potter.values == [1, 3, 5])
        #expect(potter.three == 3)
        #expect(potter.five == 5)
        #expect(potter.bracketed == 1)
        #expect(potter.literal == "potter")
        #expect(potter.arrayLiteral == "algo")
        #expect(potter.beyondEnd == nil)
        #expect(potter.notThere == nil)
    }

    /// Writing the model nests every property back at its path; properties sharing a place keep
    /// the first value written, and the result decodes to the same model.
    @Test func roundTrip() throws {
        let potter = try Potter(data: Data(Self.text.utf8))
        let written = try JSON(data: potter.toData())
        #expect(written["start"]?[0] == "harry")
        #expect(written["start"]?[1] == "potter")
        #expect(written["start"]?[2]?["foo"] == 33.3)
        #expect(written["start"]?[2]?["bar"] == ["yes", nil, "maybe"])
        #expect(written["start"]?[2]?["fizz"] == ["type": "algo", "values": [1, 3, 5]])
        #expect(written["start"]?.count == 3)
        #expect(try Potter(data: potter.toData()) == potter)
    }

    @Test func brokenPayload() throws {
        let broken = Self.text.replacingOccurrences(of: #""values":[1,3,5]"#, with: #""values":[1,"three",5]"#)
        let (error, failure) = try #require(decodingFailure { try Potter(data: Data(broken.utf8)) })
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
        #expect(failure.pathDescription == "$.start[2].fizz.values[1]")
        #expect(failure.message == #"property `values` of Potter: expected Int, found string"#)
    }
}
