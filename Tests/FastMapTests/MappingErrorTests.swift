import FastMap
import Foundation
import Testing

/// Error paths and metadata: Anviking's error path tests, and everything FastMapError carries.
@Suite struct MappingErrorTests {
    @Test func missingKeyErrorPath() throws {
        let document = json(#"{"object": {"repo": {"owner": {"id": 1, "login": "anviking"}}}}"#)
        let error = try #require(
            expectMappingError(.keyNotFound, at: "$.object.repo.owner.oops") {
                try document => "object" => "repo" => "owner" => "oops" as String
            })
        #expect(error.key == "oops")
        #expect(error.expectedType == "String")
        #expect(error.foundKind == .object)
        #expect(error.foundSnippet == #"{"id":1,"login":"anviking"}"#)
        #expect(error.node == document["object"]?["repo"]?["owner"])
        #expect(error.root == document)
        #expect(error.keyPath == "object.repo.owner.oops")
        #expect(error.description.hasPrefix("keyNotFound at $.object.repo.owner.oops: no value for key \"oops\""))
        #expect(!error.description.contains("\n"))
        #expect(error.debugDescription.contains("\n  expected: String"))
        #expect(error.debugDescription.contains("found: object"))
        // Neither text quotes the document unless asked to.
        #expect(!error.debugDescription.contains("anviking"))
        var quoting = error
        quoting.quotesPayload = true
        #expect(quoting.debugDescription.contains(#"in: {"object":{"repo":{"owner":"#))
        #expect(quoting.description.hasSuffix(#": {"id":1,"login":"anviking"}"#))
    }

    @Test func typeMismatchErrorPath() throws {
        let document = json(#"{"object": {"repo": {"owner": {"id": 1, "login": 0}}}}"#)
        let error = try #require(
            expectMappingError(.typeMismatch, at: "$.object.repo.owner.login") {
                try document => "object" => "repo" => "owner" => "login" as String
            })
        #expect(error.expectedType == "String")
        #expect(error.foundKind == .number)
        #expect(error.foundSnippet == "0")
        #expect(error.node?.int == 0)
        #expect(error.root == document)
        #expect(error.key == nil)
    }

    @Test func nestedObjectErrorPathsCarryArrayIndices() throws {
        let document = json(
            #"""
            {"apples": [{"id": 2, "color": {"name": "red"}}, {"id": 2, "color": {"name": "green"}},
                        {"id": 2, "color": {"name": 3}}]}
            """#)
        // Hand-mapped models nested three deep (AppleTree -> [Apple] -> PaintColor).
        let handMapped = try #require(
            expectMappingError(.typeMismatch, at: "$.apples[2].color.name") { try AppleTree(json: document) })
        #expect(handMapped.foundKind == .number)
        #expect(handMapped.foundSnippet == "3")
        #expect(handMapped.expectedType == "String")
        #expect(handMapped.root == document)
        #expect(handMapped.node?.int == 3)
        // The same through the operator, and with synthesized Codable models.
        expectMappingError(.typeMismatch, at: "$.apples[2].color.name") { () throws -> AppleTree in try document => "" }
        expectMappingError(.typeMismatch, at: "$.apples[2].color.name") { () throws -> CodableAppleTree in
            try document.decode(CodableAppleTree.self)
        }
        let wrapped = json(#"{"data": {"tree": \#(document)}}"#)
        let deep = try #require(
            expectMappingError(.typeMismatch, at: "$.data.tree.apples[2].color.name") { () throws -> AppleTree in
                try wrapped => "data" => "tree"
            })
        #expect(deep.root == wrapped)
    }

    @Test func nestedUnexpectedNull() throws {
        let document = json(#"{"id": 1, "color": {"name": null}}"#)
        let error = try #require(expectMappingError(.valueNotFound, at: "$.color.name") { try Apple(json: document) })
        #expect(error.foundKind == .null)
        #expect(error.expectedType == "String")
        // A null sub-object is fine where it is optional.
        let noColor = try Apple(json: json(#"{"id": 1, "color": null}"#))
        #expect(noColor.color == nil)
    }

    @Test func missingKeyInANestedModelNamesTheKey() throws {
        let document = json(#"{"repo": {"owner": {"id": 1}}}"#)
        let error = try #require(
            expectMappingError(.keyNotFound, at: "$.repo.owner.login") { () throws -> Owner in
                try document => "repo" => "owner"
            })
        #expect(error.key == "login")
        #expect(error.node == document["repo"]?["owner"])
        #expect(error.root == document)
    }

    @Test func lookingUpAKeyInAScalar() throws {
        // Anviking: `noDictionary => "key"` throws a type mismatch at the root.
        let text: JSON = "hello"
        let error = try #require(expectMappingError(.typeMismatch, at: "$") { try text => "key" as String })
        #expect(error.expectedType == "object")
        #expect(error.foundKind == .string)
        #expect(error.foundSnippet == #""hello""#)
        let list: JSON = [1, 2]
        expectMappingError(.typeMismatch, at: "$") { try list => "key" as Int }
        expectMappingError(.typeMismatch, at: "$.a") { try json(#"{"a": [1]}"#) => "a" => "b" as Int }
        expectMappingError(.typeMismatch, at: "$.a") { try json(#"{"a": {"b": 1}}"#) => "a[0]" as Int }
        expectMappingError(.valueNotFound, at: "$") { try JSON.null => "key" as Int }
    }

    @Test func rawRepresentableErrors() throws {
        let good: CMYKColor = try json(#"{"color": "Cyan"}"#) => "color"
        #expect(good == .cyan)
        let unknown = try #require(
            expectMappingError(.invalidValue, at: "$.color") { () throws -> CMYKColor in
                try json(#"{"color": "Green"}"#) => "color"
            })
        #expect(unknown.foundKind == .string)
        #expect(unknown.foundSnippet == #""Green""#)
        #expect(unknown.message == "the string found here cannot be used")
        #expect(!"\(unknown)".contains("Green"))
        let wrongType = try #require(
            expectMappingError(.typeMismatch, at: "$.color") { () throws -> CMYKColor in
                try json(#"{"color": 0}"#) => "color"
            })
        #expect(wrongType.expectedType == "String")
        #expect(wrongType.foundKind == .number)
        let priority: Priority = try json(#"{"p": 2}"#) => "p"
        #expect(priority == .high)
        expectMappingError(.invalidValue, at: "$.p") { () throws -> Priority in try json(#"{"p": 3}"#) => "p" }
        let list: [CMYKColor] = try json(#"{"c": ["Cyan", "Black"]}"#) => "c"
        #expect(list == [.cyan, .black])
        expectMappingError(.invalidValue, at: "$.c[1]") { () throws -> [CMYKColor] in
            try json(#"{"c": ["Cyan", "Blue"]}"#) => "c"
        }
    }

    @Test func numberRangeErrors() throws {
        let document = json(#"{"big": 300, "negative": -1, "fraction": 1.5, "huge": 18446744073709551615}"#)
        expectMappingError(.numberOutOfRange, at: "$.big") { () throws -> UInt8 in try document => "big" }
        expectMappingError(.numberOutOfRange, at: "$.negative") { () throws -> UInt in try document => "negative" }
        expectMappingError(.numberOutOfRange, at: "$.fraction") { () throws -> Int in try document => "fraction" }
        expectMappingError(.numberOutOfRange, at: "$.huge") { () throws -> Int64 in try document => "huge" }
        let huge: UInt64 = try document => "huge"
        #expect(huge == .max)
    }

    @Test func errorsFromSubValuesAreRelativeToThem() throws {
        let document = json(#"{"items": [{"name": 1}]}"#)
        let item = try #require(document["items"]?[0])
        let error = try #require(expectMappingError(.typeMismatch, at: "$.name") { try item => "name" as String })
        #expect(error.root == item)
        #expect(error.node?.int == 1)
    }

    @Test func decodingErrorsOfOtherDecodersKeepTheirPath() throws {
        // A hand-mapped model decoded by Foundation's JSONDecoder: the failure surfaces as a
        // DecodingError whose underlying error is the FastMapError with the path.
        let data = Data(#"{"apples": [{"id": 1, "color": {"name": false}}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(AppleTree.self, from: data)
            Issue.record("expected a failure")
        } catch let DecodingError.typeMismatch(_, context) {
            let underlying = try #require(context.underlyingError as? FastMapError)
            #expect(underlying.pathDescription == "$.apples[0].color.name")
            #expect(context.codingPath.map(\.stringValue) == ["apples", "Index 0", "color", "name"])
        }
        // And through FastJSONDecoder, with the document as root.
        do {
            _ = try FastJSONDecoder().decode(AppleTree.self, from: data)
            Issue.record("expected a failure")
        } catch let DecodingError.typeMismatch(_, context) {
            let underlying = try #require(context.underlyingError as? FastMapError)
            #expect(underlying.pathDescription == "$.apples[0].color.name")
            #expect(underlying.root?["apples"]?.count == 1)
            #expect(context.codingPath.map(\.stringValue) == ["apples", "Index 0", "color", "name"])
        }
        // keyNotFound keeps Foundation's convention: the coding path stops at the container.
        do {
            _ = try FastJSONDecoder().decode([Owner].self, from: Data(#"[{"id": 1}]"#.utf8))
            Issue.record("expected a failure")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "login")
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
            #expect((context.underlyingError as? FastMapError)?.pathDescription == "$[0].login")
        }
    }

    @Test func errorsThrownByModelsPassThrough() throws {
        struct Rejected: Error {}
        struct Picky: JSONMappable {
            init(json: JSON) throws { throw Rejected() }
        }
        #expect(throws: Rejected.self) { () throws -> Picky in try json(#"{"a": {}}"#) => "a" }
        // A FastMapError a model throws itself is placed where the model sits.
        let error = try #require(
            expectMappingError(.invalidValue, at: "$.list[1].kind") { () throws -> [Counter] in
                try json(#"{"list": [{"kind": "counter", "count": 1}, {"kind": "timer"}]}"#) => "list"
            })
        #expect(error.message == "not a counter: timer")
    }

    @Test func mappableModelsNestInsideCodableOnes() throws {
        // The protocol's init(from:) is the one used, not a synthesized one (which would look
        // for a "label" key).
        let renamed: Renamed = try json(#"{"r": {"name": "x"}}"#) => "r"
        #expect(renamed == (try Renamed(json: json(#"{"name": "x"}"#))))
        struct Envelope: Decodable {
            let items: [Renamed]
            let owner: Owner?
        }
        let data = Data(#"{"items": [{"name": "a"}, {"name": "b"}], "owner": null}"#.utf8)
        let envelope = try FastJSONDecoder().decode(Envelope.self, from: data)
        #expect(envelope.items.map(\.label) == ["a", "b"])
        #expect(envelope.owner == nil)
        let foundation = try JSONDecoder().decode(Envelope.self, from: data)
        #expect(foundation.items.map(\.label) == ["a", "b"])
        let error = expectMappingError(.keyNotFound, at: "$.payload.items[1].name") { () throws -> Envelope in
            try json(#"{"payload": {"items": [{"name": "a"}, {"label": "b"}]}}"#) => "payload"
        }
        #expect(error?.key == "name")
    }
}
