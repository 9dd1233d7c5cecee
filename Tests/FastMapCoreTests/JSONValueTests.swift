import FastMapCore
import Foundation
import Testing

@Suite struct JSONValueTests {
    let sample: JSON = try! JSON(
        string: #"""
            {"name": "Ada", "age": 36, "ratio": 0.5, "whole": 2.0, "admin": true, "nick": null,
             "tags": ["a", "b"], "address": {"city": "London", "zip": [1, 2]}}
            """#)

    @Test func kindsAndTypedAccessors() {
        #expect(sample.kind == .object)
        #expect(sample["name"]?.kind == .string)
        #expect(sample["age"]?.kind == .number)
        #expect(sample["admin"]?.kind == .bool)
        #expect(sample["nick"]?.kind == .null)
        #expect(sample["tags"]?.kind == .array)
        #expect(sample["name"]?.string == "Ada")
        #expect(sample["name"]?.int == nil)
        #expect(sample["age"]?.int == 36)
        #expect(sample["age"]?.int64 == 36)
        #expect(sample["age"]?.uint64 == 36)
        #expect(sample["age"]?.double == 36)
        #expect(sample["age"]?.string == nil)
        #expect(sample["ratio"]?.double == 0.5)
        #expect(sample["ratio"]?.int == nil)
        #expect(sample["whole"]?.int == 2)
        #expect(sample["admin"]?.bool == true)
        #expect(sample["age"]?.bool == nil)
        #expect(sample["nick"]?.isNull == true)
        #expect(sample["name"]?.isNull == false)
        #expect(sample["missing"] == nil)
        #expect(sample[0] == nil)
        #expect(sample["tags"]?[5] == nil)
        #expect(sample["tags"]?[-1] == nil)
        #expect(sample["tags"]?["x"] == nil)
    }

    @Test func negativeNumbersDoNotBecomeUnsigned() throws {
        let json = try JSON(string: "[-1, -5.5]")
        #expect(json[0]?.uint64 == nil)
        #expect(json[0]?.int == -1)
        #expect(json[1]?.int == nil)
    }

    @Test func containersAndIterationInDocumentOrder() throws {
        #expect(sample.count == 8)
        #expect(sample.keys == ["name", "age", "ratio", "whole", "admin", "nick", "tags", "address"])
        #expect(sample.members.map(\.key) == sample.keys)
        #expect(sample["tags"]?.array?.compactMap(\.string) == ["a", "b"])
        #expect(sample["tags"]?.elements.map { $0.string! } == ["a", "b"])
        #expect(sample["tags"]?.count == 2)
        #expect(sample["name"]?.count == 0)
        #expect(sample["name"]?.array == nil)
        #expect(sample["name"]?.object == nil)
        #expect(sample["name"]?.elements.isEmpty == true)
        let object = try #require(sample["address"]?.object)
        #expect(object["city"]?.string == "London")
        #expect(object.count == 2)
        var visited: [Int] = []
        for element in try #require(sample["address"]?["zip"]).elements { visited.append(element.int!) }
        #expect(visited == [1, 2])
    }

    @Test func keyPathsInEveryForm() throws {
        let json = try JSON(
            string:
                #"{"start":["harry","potter",{"foo":33.3,"bar":["yes","no","maybe"],"fizz":{"type":"algo","values":[1,3,5]}}]}"#
        )
        let paths: [JSONKeyPath] = [
            "start[2].fizz.values[1]", JSONKeyPath("start", 2, "fizz", "values", 1), ["start", 2, "fizz.values", 1],
            JSONKeyPath("start[2].fizz", "values[1]"),
            JSONKeyPath(components: [.key("start"), .index(2), .key("fizz"), .key("values"), .index(1)]),
        ]
        for path in paths {
            #expect(json[path]?.int == 3, "\(path)")
            #expect(path.description == "start[2].fizz.values[1]")
        }
        #expect(json[JSONKeyPath("start", 0)]?.string == "harry")
        #expect(json[JSONKeyPath("start[2].bar[2]")]?.string == "maybe")
        #expect(json[JSONKeyPath("start[2].foo")]?.double == 33.3)
        #expect(json[JSONKeyPath.root] == json)
        #expect(json[JSONKeyPath("start[9]")] == nil)
        #expect(json[JSONKeyPath("start.foo")] == nil)
    }

    @Test func keyPathParsing() {
        #expect(JSONKeyPath("[1].ID").components == [.index(1), .key("ID")])
        #expect(JSONKeyPath("a[0][1]").components == [.key("a"), .index(0), .index(1)])
        #expect(JSONKeyPath("[10]").components == [.index(10)])
        #expect(JSONKeyPath("[-1]").components == [.key("[-1]")])
        #expect(JSONKeyPath("[1A]").components == [.key("[1A]")])
        #expect(JSONKeyPath("").components == [])
        #expect(JSONKeyPath("a.b").components == [.key("a"), .key("b")])
        let literal: JSONKeyPath = ["a", 0]
        #expect(literal.components == [.key("a"), .index(0)])
        #expect(JSONKeyPath("a").appending(.index(2)).description == "a[2]")
        // Found by FuzzKeyPath: empty keys must survive description -> parse.
        for text in [".b[0].c", "a..b", "a.", "[0].", "."] {
            #expect(
                JSONKeyPath(stringLiteral: JSONKeyPath(stringLiteral: text).description)
                    == JSONKeyPath(stringLiteral: text), "\(text)")
        }
    }

    @Test func throwingLookupNamesTheFirstMissingStep() throws {
        let json = try JSON(string: #"{"a": {"b": [10, {"c": 1}]}}"#)
        #expect(try json.value(at: "a.b[1].c").int == 1)
        do {
            _ = try json.value(at: "a.b[1].d.e")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .keyNotFound)
            #expect(error.key == "d")
            #expect(error.pathDescription == "$.a.b[1].d")
            #expect(error.root == json)
            #expect(error.description.contains("$.a.b[1].d"))
        }
        do {
            _ = try json.value(at: "a.b[7]")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .keyNotFound)
            #expect(error.pathDescription == "$.a.b[7]")
            #expect(error.message.contains("out of bounds"))
        }
        do {
            _ = try json.value(at: "a.b[0].x")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .typeMismatch)
            #expect(error.pathDescription == "$.a.b[0]")
            #expect(error.foundKind == .number)
            #expect(error.foundSnippet == "10")
            #expect(error.expectedType == "object")
        }
    }

    @Test func literalsBuildEveryKind() throws {
        let json: JSON = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1, "two", [3]], "o": ["k": "v"]]
        #expect(
            json == (try JSON(string: #"{"s":"x","i":1,"d":1.5,"b":true,"n":null,"a":[1,"two",[3]],"o":{"k":"v"}}"#)))
        #expect(json.keys == ["s", "i", "d", "b", "n", "a", "o"])
        #expect(JSON(UInt64.max).uint64 == UInt64.max)
        #expect(JSON(Int8(-3)).int == -3)
        #expect(JSON("text").string == "text")
        #expect(JSON(false).bool == false)
        #expect(JSON.null.isNull)
        #expect(throws: FastMapError.self) { try JSON(Double.nan) }
        #expect(throws: FastMapError.self) { try JSON(Double.infinity) }
        let value = 2.5
        #expect(try JSON(value).double == 2.5)
        let shared: JSON = ["inner": json["a"]!]
        #expect(shared["inner"]?[1]?.string == "two")
    }

    @Test func equalityIgnoresMemberOrderAndNumberStorage() throws {
        #expect(try JSON(string: #"{"a":1,"b":[1,2]}"#) == JSON(string: #"{"b":[1,2.0],"a":1.0}"#))
        #expect(try JSON(string: "[1,2]") != JSON(string: "[2,1]"))
        #expect(try JSON(string: #"{"a":1}"#) != JSON(string: #"{"a":1,"b":2}"#))
        #expect(try JSON(string: #"{"a":1}"#) != JSON(string: #"{"b":1}"#))
        #expect(try JSON(string: "1") != JSON(string: "\"1\""))
        #expect(try JSON(string: "true") != JSON(string: "1"))
        #expect((try JSON(string: "null")) == JSON.null)
        #expect(try JSON(string: "9007199254740993") != JSON(string: "9007199254740992.0"))
        #expect(try JSON(string: "18446744073709551615") != JSON(string: "-1"))
        #expect(try JSON(string: #""a\u0000b""#) != JSON(string: #""a""#))
    }

    @Test func foundationObjectsInBothDirections() throws {
        let json = try JSON(
            string: #"{"s":"x","i":-3,"u":18446744073709551615,"d":1.5,"b":false,"n":null,"a":[1,{"k":[]}]}"#)
        let object = try #require(json.foundationObject as? [String: Any])
        #expect(object["s"] as? String == "x")
        #expect(object["i"] as? Int == -3)
        #expect(object["u"] as? UInt64 == UInt64.max)
        #expect(object["d"] as? Double == 1.5)
        #expect(object["b"] as? Bool == false)
        #expect(object["n"] is NSNull)
        #expect(((object["a"] as? [Any])?[1] as? [String: Any])?["k"] is [Any])
        #expect(try JSON(foundationObject: object) == json)

        // The shapes JSONSerialization itself produces.
        let parsed = try JSONSerialization.jsonObject(with: try json.data())
        #expect(try JSON(foundationObject: parsed) == json)
        #expect(try JSON(foundationObject: NSNumber(value: true)).bool == true)
        #expect(try JSON(foundationObject: NSNumber(value: 1)).int == 1)
        #expect(try JSON(foundationObject: NSNumber(value: Int8(1))).int == 1)
        #expect(try JSON(foundationObject: NSNumber(value: UInt64.max)).uint64 == UInt64.max)
        #expect(try JSON(foundationObject: NSNumber(value: 2.5)).double == 2.5)
        #expect(try JSON(foundationObject: Float(0.5)).double == 0.5)
        #expect(try JSON(foundationObject: UInt8(7)).int == 7)
        #expect(try JSON(foundationObject: Optional<Int>.none as Any).isNull)
        #expect(try JSON(foundationObject: [Optional(1), nil] as [Int?]) == JSON(string: "[1,null]"))
        #expect(try JSON(foundationObject: Decimal(string: "12.5")!).double == 12.5)
        #expect(try JSON(foundationObject: json).foundationObject is [String: Any])
    }

    @Test func foundationObjectErrorsNameThePath() throws {
        #expect { try JSON(foundationObject: ["a": [1, Double.nan]]) } throws: {
            let error = $0 as? FastMapError
            return error?.kind == .invalidValue && error?.pathDescription == "$.a[1]"
        }
        #expect { try JSON(foundationObject: ["a": Date()]) } throws: {
            ($0 as? FastMapError)?.message.contains("Date") == true
        }
        #expect { try JSON(foundationObject: [1: "x"]) } throws: { ($0 as? FastMapError)?.kind == .invalidValue }
        var deep: Any = 1
        for _ in 0..<600 { deep = [deep] }
        #expect { try JSON(foundationObject: deep) } throws: { ($0 as? FastMapError)?.kind == .depthLimit }
    }

    @Test func veryDeepTreesBuiltInCodeAreReleasedSafely() {
        var json: JSON = 1
        for _ in 0..<100_000 { json = [json] }
        #expect(json.count == 1)
        json = nil  // releasing 100,000 levels must not recurse on the C stack
        #expect(json.isNull)
    }

    @Test func valuesAreSendableAndReadableFromManyTasks() async throws {
        let json = try JSON(string: #"{"items": [\#((0..<1000).map(String.init).joined(separator: ","))]}"#)
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var sum = 0
                    for _ in 0..<20 {
                        for element in json["items"]!.elements { sum += element.int! }
                    }
                    return sum
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 20 * 499_500, count: 8))
    }
}
