import Foundation
import Testing

@testable import FastMapLadybug

/// The per-plan memo that replays a model's property lookups in order (safe storage since it
/// stopped using raw pointers): whatever order the keys are asked in, and however many there
/// are, every answer must be the rules table's.
@Suite("Ladybug rule memo")
struct LadybugRuleMemoTests {
    /// `count` properties, every third one with a key-path transformer.
    static func rules(_ count: Int) -> [String: PropertyRule] {
        var rules: [String: PropertyRule] = [:]
        for index in stride(from: 0, to: count, by: 3) {
            let key = "p\(index)"
            rules[key] = PropertyRule(propertyKey: key, transformer: JSONKeyPath("source", index))
        }
        return rules
    }

    /// What `TransformerPlan.rule(for:)` does: the memo's replay, else its lookup.
    static func answer(_ memo: RuleMemo, _ key: String, _ rules: [String: PropertyRule]) -> PropertyRule? {
        if let replayed = memo.next(key) { return replayed }
        return memo.lookUp(key, in: rules)
    }

    @Test(arguments: [5, 64, 65, 150])
    func answersMatchTheTable(_ count: Int) {
        let rules = Self.rules(count)
        let memo = RuleMemo()
        let keys = (0..<count).map { "p\($0)" }
        // In order three times (learning, then replaying), then shuffled, then unknown keys.
        let asked = keys + keys + keys + keys.reversed() + ["missing", "p1", "also missing"]
        for key in asked {
            #expect(Self.answer(memo, key, rules) === rules[key], "\(key) of \(count)")
        }
    }

    @Test func replaysWithoutLookingUp() {
        let rules = Self.rules(9)
        let memo = RuleMemo()
        let keys = (0..<9).map { "p\($0)" }
        for key in keys { _ = Self.answer(memo, key, rules) }
        // A second object asks in the same order: its first key is found in the memo, and every
        // later answer comes from `next`.
        #expect(memo.next("p0") == nil)
        #expect(Self.answer(memo, "p0", rules) === rules["p0"])
        for key in keys.dropFirst() {
            let replayed = memo.next(key)
            #expect(replayed != nil, "\(key) replayed")
            #expect(replayed.flatMap { $0 } === rules[key])
        }
        // Out of order, `next` cannot tell.
        #expect(memo.next("p3") == nil)
    }
}
