import FastMap
import Foundation
import Testing

/// Anviking-style operators: key paths, `=>` / `=>?`, the null / missing table, inference.
@Suite struct MappingOperatorTests {
    // MARK: Key paths joined by the operators

    @Test func keyPathsFromLiteralsAndOperators() {
        let single: JSONKeyPath = "a"
        #expect(single.components == [.key("a")])
        let joined: JSONKeyPath = "a" => "b"
        #expect(joined.components == [.key("a"), .key("b")])
        let a: JSONKeyPath = "a"
        let bAndC: JSONKeyPath = ["b", "c"]
        #expect((a => bAndC).components == [.key("a"), .key("b"), .key("c")])
        let withIndex: JSONKeyPath = "list" => "[2]" => "name"
        #expect(withIndex.components == [.key("list"), .index(2), .key("name")])
    }

    @Test func optionalKeyPathMarkers() {
        func steps(_ path: JSONOptionalKeyPath) -> [String] {
            path.steps.map { "\($0.component)\($0.isRequired ? "" : "?")" }
        }
        let literal: JSONOptionalKeyPath = "a"
        #expect(steps(literal) == ["a?"])
        let dotted: JSONOptionalKeyPath = "a.b"
        #expect(steps(dotted) == ["a?", "b"])
        #expect(steps("a" =>? "b") == ["a?", "b?"])
        let p1: JSONOptionalKeyPath = "a" => "b" => "c"
        #expect(steps(p1) == ["a?", "b", "c"])
        let p2: JSONOptionalKeyPath = "a" =>? "b" => "c"
        #expect(steps(p2) == ["a?", "b?", "c"])
        let p3: JSONOptionalKeyPath = "a" => "b" =>? "c"
        #expect(steps(p3) == ["a?", "b", "c?"])
        let p4: JSONOptionalKeyPath = "a" =>? "b" =>? "c"
        #expect(steps(p4) == ["a?", "b?", "c?"])
        #expect(p3.description == "a?.b.c?")
        #expect(
            JSONOptionalKeyPath(steps: [.init(.key(""), isRequired: false), .init(.key("b"), isRequired: true)])
                .description == "?.b")
        #expect(p3.keyPath == JSONKeyPath("a.b.c"))
        // Paths held in variables mix both kinds.
        let required: JSONKeyPath = "x.y"
        let optional: JSONOptionalKeyPath = "z"
        #expect(steps(required =>? optional) == ["x", "y", "z?"])
        #expect(steps(optional => required) == ["z?", "x", "y"])
        #expect(steps(required =>? required) == ["x", "y", "x?", "y"])
    }

    // MARK: `=>`

    @Test func decodesScalarsModelsAndNestedKeys() throws {
        let json = json(#"{"key": "value", "n": {"key": {"aKey": "value"}}, "i": 4, "d": 2.5, "b": true}"#)
        let string: String = try json => "key"
        #expect(string == "value")
        let nested: [String: String] = try json => "n" => "key"
        #expect(nested == ["aKey": "value"])
        let deep: String = try json => "n" => "key" => "aKey"
        #expect(deep == "value")
        let number: Int = try json => "i"
        let double: Double = try json => "d"
        let wholeAsDouble: Double = try json => "i"
        let bool: Bool = try json => "b"
        #expect(number == 4 && double == 2.5 && wholeAsDouble == 4 && bool)
        let cast = try json => "key" as String
        #expect(cast == "value")
    }

    @Test func returnsJSONAndAny() throws {
        let json = json(#"{"key": {"aKey": "value", "list": [1, 2]}, "none": null}"#)
        let sub: JSON = try json => "key"
        #expect(sub["aKey"]?.string == "value")
        let any: Any = try json => "key"
        #expect((any as? [String: Any])?["aKey"] as? String == "value")
        let nullJSON: JSON = try json => "none"
        #expect(nullJSON.isNull)
        let optionalJSON: JSON? = try json => "none"
        #expect(optionalJSON == nil)
        let nullAny: Any = try json => "none"
        #expect(nullAny is NSNull)
        let missingJSON: JSON? = try json =>? "nothing"
        #expect(missingJSON == nil)
        // Anviking's null test: `=>?` to JSON gives nil for null.
        let tone: JSON? = try json =>? "none"
        #expect(tone == Optional<JSON>.none)
        let presentJSON: JSON? = try json =>? "key" => "list"
        #expect(presentJSON?.count == 2)
        let anyOptional: Any? = try json =>? "none"
        #expect(anyOptional == nil)
        let anyPresent: Any? = try json =>? "key" => "list"
        #expect(anyPresent as? [Int] == [1, 2])
        expectMappingError(.keyNotFound, at: "$.nothing") { () throws -> JSON in try json => "nothing" }
        expectMappingError(.keyNotFound, at: "$.nothing") { () throws -> Any in try json => "nothing" }
    }

    @Test func typeInferencePicksTheRightOverload() throws {
        let json = json(#"{"k": "v", "n": null}"#)
        // Both spellings compile without help, and mean what the table says.
        let required: String = try json => "k"
        let optional: String? = try json => "n"
        let orNil: String? = try? json => "missing"
        let viaOptionalKey: String? = try json =>? "missing"
        #expect(required == "v" && optional == nil && orNil == nil && viaOptionalKey == nil)
        // `=>` binds tighter than `??` and `as`.
        let withDefault: String = try json =>? "missing" ?? "default"
        let cast = try json => "k" as String? ?? "unused"
        #expect(withDefault == "default" && cast == "v")
        func takesString(_ value: String) -> String { value }
        #expect(takesString(try json => "k") == "v")
        let array: [String] = try [json => "k", json => "k"]
        #expect(array == ["v", "v"])
    }

    @Test func optionalKeyOperator() throws {
        // Anviking's missing-key operator tests.
        let json = json(#"{"key": 3, "null": null, "text": "3", "a": {"b": 3}}"#)
        let missing: Int? = try json =>? "missingKeyError"
        #expect(missing == nil)
        let null: Int? = try json =>? "null"
        #expect(null == nil)
        let success: Int? = try json =>? "key"
        #expect(success == 3)
        let mismatch = expectMappingError(.typeMismatch, at: "$.text") { () throws -> Int? in try json =>? "text" }
        #expect(mismatch?.expectedType == "Int")
        let nestedMissing: Int? = try json => "a" =>? "missing"
        #expect(nestedMissing == nil)
        let nested: Int? = try json => "a" =>? "b"
        #expect(nested == 3)
    }

    @Test func nestedOptionalOperators() throws {
        // Anviking's nested `=>?` tests.
        let mismatch = json(#"{"user": {"followers": "not_an_integer"}}"#)
        let error = expectMappingError(.typeMismatch, at: "$.user.followers") { () throws -> Int? in
            try mismatch =>? "user" => "followers"
        }
        #expect(error?.foundKind == .string)
        let otherKeys = json(#"{"user": {"something_else": "test"}}"#)
        let bothOptional: Int? = try otherKeys =>? "user" =>? "followers"
        #expect(bothOptional == nil)
        // `=>` after `=>?` keeps its strictness.
        expectMappingError(.keyNotFound, at: "$.user.followers") { () throws -> Int? in
            try otherKeys =>? "user" => "followers"
        }
        let noUser = json(#"{}"#)
        let absent: Int? = try noUser =>? "user" => "followers"
        #expect(absent == nil)
        let success: Int? = try json(#"{"user": {"followers": 3}}"#) =>? "user" => "followers"
        #expect(success == 3)
        // A null where an optional step was allowed to be missing counts as missing; after a
        // required step it is an error.
        let nullUser = json(#"{"user": null}"#)
        let nullOptional: Int? = try nullUser =>? "user" => "followers"
        #expect(nullOptional == nil)
        expectMappingError(.valueNotFound, at: "$.user") { () throws -> Int? in
            try nullUser => "user" =>? "followers"
        }
        // Stepping into a value that is not an object throws even on an optional path.
        expectMappingError(.typeMismatch, at: "$.user") { () throws -> Int? in
            try json(#"{"user": 5}"#) =>? "user" =>? "followers"
        }
    }

    @Test func indicesInOperatorPaths() throws {
        let json = json(#"{"list": [{"name": "a"}, {"name": "b"}], "matrix": [[1, 2], [3, 4]]}"#)
        let second: String = try json => "list[1].name"
        #expect(second == "b")
        let cell: Int = try json => "matrix" => "[1][0]"
        #expect(cell == 3)
        // `=>?` marks one step: in "list[5]" only "list" may be missing.
        let outOfBounds: String? = try json =>? "list" =>? "[5]" => "name"
        #expect(outOfBounds == nil)
        expectMappingError(.keyNotFound, at: "$.list[5]") { () throws -> String? in
            try json =>? "list[5]" => "name"
        }
        let error = expectMappingError(.keyNotFound, at: "$.list[5]") { () throws -> String in
            try json => "list[5].name"
        }
        #expect(error?.key == nil)
        #expect(error?.message.contains("out of bounds") == true)
        expectMappingError(.typeMismatch, at: "$.list") { () throws -> String in try json => "list.name" }
    }

    @Test func worksFromAnyValueOfTheDocument() throws {
        let root = json(#"{"items": [{"a": {"b": 1}}]}"#)
        let item: JSON = try root => "items[0]"
        let b: Int = try item => "a" => "b"
        #expect(b == 1)
        // Errors are relative to the value the call started from, which is their root.
        let error = expectMappingError(.keyNotFound, at: "$.a.c") { () throws -> Int in try item => "a" => "c" }
        #expect(error?.root == item)
        #expect(try root.decode(Int.self, at: "items[0].a.b") == 1)
    }
}

/// Every row of Anviking's table against every column: `null`, a missing key, a type mismatch,
/// and an error inside a sub-object.
@Suite struct MappingNullMissingTableTests {
    enum Column: String, CaseIterable {
        case null, missing, mismatch, subObjectError

        var document: JSON {
            switch self {
            case .null: json(#"{"value": null}"#)
            case .missing: json(#"{"other": {"count": 1}}"#)
            case .mismatch: json(#"{"value": "text"}"#)
            case .subObjectError: json(#"{"value": {"count": "one"}}"#)
            }
        }

        /// What a throwing form reports for this column.
        var failure: (FastMapError.Kind, String) {
            switch self {
            case .null: (.valueNotFound, "$.value")
            case .missing: (.keyNotFound, "$.value")
            case .mismatch: (.typeMismatch, "$.value")
            case .subObjectError: (.typeMismatch, "$.value.count")
            }
        }
    }

    @Test(arguments: Column.allCases)
    func requiredValue(_ column: Column) {
        // `=> -> T`: throws in every column.
        let (kind, path) = column.failure
        expectMappingError(kind, at: path) { () throws -> Inner in try column.document => "value" }
    }

    @Test(arguments: Column.allCases)
    func optionalValue(_ column: Column) throws {
        // `=> -> T?`: nil for null, throws otherwise.
        if column == .null {
            let value: Inner? = try column.document => "value"
            #expect(value == nil)
        } else {
            let (kind, path) = column.failure
            expectMappingError(kind, at: path) { () throws -> Inner? in try column.document => "value" }
        }
    }

    @Test(arguments: Column.allCases)
    func optionalKey(_ column: Column) throws {
        // `=>? -> T?`: nil for null and missing, throws for a mismatch or a sub-object error.
        switch column {
        case .null, .missing:
            let value: Inner? = try column.document =>? "value"
            #expect(value == nil)
        case .mismatch, .subObjectError:
            let (kind, path) = column.failure
            expectMappingError(kind, at: path) { () throws -> Inner? in try column.document =>? "value" }
        }
    }

    @Test(arguments: Column.allCases)
    func tryOptional(_ column: Column) {
        // `try? =>`: nil in every column.
        let value: Inner? = try? column.document => "value"
        #expect(value == nil)
        let orNil = try? column.document => "value" as Inner
        #expect(orNil == nil)
    }

    @Test func everyRowSucceedsOnAGoodValue() throws {
        let good = json(#"{"value": {"count": 7}}"#)
        let required: Inner = try good => "value"
        let optional: Inner? = try good => "value"
        let optionalKey: Inner? = try good =>? "value"
        let orNil: Inner? = try? good => "value"
        #expect([required, optional, optionalKey, orNil] == Array(repeating: Inner(count: 7), count: 4))
    }

    @Test(arguments: Column.allCases)
    func scalarsFollowTheSameTable(_ column: Column) throws {
        // The same table for a scalar: a sub-object error cannot happen, so that column reads
        // an object where an Int was asked for.
        let document = column == .subObjectError ? json(#"{"value": {"count": 1}}"#) : column.document
        let kind: FastMapError.Kind =
            switch column {
            case .null: .valueNotFound
            case .missing: .keyNotFound
            case .mismatch, .subObjectError: .typeMismatch
            }
        expectMappingError(kind, at: "$.value") { () throws -> Int in try document => "value" }
        if column == .null {
            let value: Int? = try document => "value"
            #expect(value == nil)
        } else {
            expectMappingError(kind, at: "$.value") { () throws -> Int? in try document => "value" }
        }
        if column == .null || column == .missing {
            let value: Int? = try document =>? "value"
            #expect(value == nil)
        } else {
            expectMappingError(kind, at: "$.value") { () throws -> Int? in try document =>? "value" }
        }
        let orNil: Int? = try? document => "value"
        #expect(orNil == nil)
    }
}

/// The mapping API on one document from many tasks at once.
@Suite struct MappingConcurrencyTests {
    @Test func concurrentMappingOfOneDocument() async throws {
        let document = MappingManualTests.john
        let expected = MappingManualTests.johnDecoded
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        let user = try User(json: document)
                        let name: String = try document => "friends[\(task % 2)].full_name"
                        guard user == expected, name == expected.friends[task % 2].name else { return false }
                        let missing: Int? = try document =>? "nothing"
                        guard missing == nil, (try? document => "nothing" as Int) == nil else { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}

/// Anviking Decodable's `OptionalKeyPath` array literal makes every one of its keys optional.
@Suite("Hand mapping: optional key path array literals")
struct OptionalKeyPathArrayLiteralTests {
    @Test func everyKeyOfAnArrayLiteralIsOptional() throws {
        let json: JSON = ["user": ["name": "ada"]]
        let followers: Int? = try json =>? ["user", "followers"]
        #expect(followers == nil)
        let missingUser: Int? = try json =>? ["account", "followers"]
        #expect(missingUser == nil)
        let name: String? = try json =>? ["user", "name"]
        #expect(name == "ada")
        let path: JSONOptionalKeyPath = ["user", "followers"]
        #expect(path.steps.allSatisfy { !$0.isRequired })
    }

    @Test func joiningWithTheRequiredOperatorKeepsItsRule() {
        let json: JSON = ["user": ["name": "ada"]]
        // `=>` makes the step after it required, whatever the literal on its right says.
        #expect(throws: (any Error).self) { let _: Int? = try json => "user" => "followers" }
        let optional: Int? = try? json =>? "user" =>? "followers"
        #expect(optional == nil)
        #expect(throws: (any Error).self, "a present value of the wrong type still throws") {
            let _: Int? = try json =>? ["user", "name"]
        }
    }
}
