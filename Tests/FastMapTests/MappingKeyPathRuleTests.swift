import FastMap
import Testing

/// How Anviking Decodable builds key paths, which code moved to `=>` / `=>?` relies on: which
/// steps may be missing after a literal, an operator chain or a join of stored paths.
@Suite("Hand mapping: key path composition rules")
struct MappingKeyPathRuleTests {
    /// The keys of `path` and, for each, whether it must be present.
    private func rule(_ path: JSONOptionalKeyPath) -> [String] {
        path.steps.map { "\($0.component)\($0.isRequired ? "" : "?")" }
    }

    @Test func requiredPaths() {
        let single: JSONKeyPath = "a"
        let literal: JSONKeyPath = ["a", "b"]
        let chain: JSONKeyPath = "a" => "b"
        let stored: JSONKeyPath = ["b", "c"]
        #expect(single.components == [.key("a")])
        #expect(literal.components == [.key("a"), .key("b")])
        #expect(chain.components == [.key("a"), .key("b")])
        #expect((single => stored).components == [.key("a"), .key("b"), .key("c")])
    }

    @Test func optionalLiteralsAndJoins() {
        let single: JSONOptionalKeyPath = "a"
        let literal: JSONOptionalKeyPath = ["a", "b"]
        let chain: JSONOptionalKeyPath = "a" =>? "b"
        let stored: JSONOptionalKeyPath = ["b", "c"]
        #expect(rule(single) == ["a?"])
        #expect(rule(literal) == ["a?", "b?"])
        #expect(rule(chain) == ["a?", "b?"])
        #expect(rule(single =>? stored) == ["a?", "b?", "c?"])
    }

    /// The first key of an optional path may be missing; after that each operator decides for
    /// the key on its right, and a path that starts required keeps its first key required.
    @Test func mixedChains() {
        let required: JSONOptionalKeyPath = "a" => "b" => "c"
        let optionalThenRequired: JSONOptionalKeyPath = "a" =>? "b" => "c"
        let requiredThenOptional: JSONOptionalKeyPath = "a" => "b" =>? "c"
        let startsRequired: JSONOptionalKeyPath = JSONKeyPath("a") =>? "b" =>? "c"
        #expect(rule(required) == ["a?", "b", "c"])
        #expect(rule(optionalThenRequired) == ["a?", "b?", "c"])
        #expect(rule(requiredThenOptional) == ["a?", "b", "c?"])
        #expect(rule(startsRequired) == ["a", "b?", "c?"])
    }

    /// The rules decide reading: a missing optional key gives nil, a missing required one throws.
    @Test func readingFollowsTheRules() throws {
        let json: JSON = ["a": ["b": [:]]]
        let missingLast: Int? = try json =>? "a" => "b" =>? "c"
        #expect(missingLast == nil)
        #expect(throws: FastMapError.self) {
            let _: Int? = try json =>? "a" => "x" => "c"
        }
        let missingFirst: Int? = try json =>? "x" => "b" => "c"
        #expect(missingFirst == nil)
    }
}
