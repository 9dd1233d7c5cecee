import FastMapLadybug
import Foundation
import Testing

// Ladybug models as Swift 5 codebases wrote them: `static var` transformer tables, closures
// without `@Sendable`, classes with an `init()`. This target builds in Swift 5 language mode to
// prove such code keeps compiling and decoding unchanged with `import FastMap`.

struct Swift5Tree: JSONCodable, Equatable {
    let name: String
    let plantedAt: Date
    let leaves: [Swift5Leaf]

    static var transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
        "name": JSONKeyPath("tree_names", "colloquial", 0),
        "plantedAt": "planted_at" <- format("MM-dd-yyyy"),
        "leaves": [Swift5Leaf].transformer,
    ]
}

struct Swift5Leaf: JSONCodable, Equatable {
    let size: String
    let isAttached: Bool

    static var transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
        "isAttached": "is_attached"
    ]
}

struct Swift5Bottles: JSONCodable, Equatable {
    let count: Int

    static var transformersByPropertyKey: [PropertyKey: JSONTransformer] {
        let parse: (Any?) -> Int? = { ($0 as? String).flatMap { Int($0) } }
        return ["count": Map<Int> { parse($0) }]
    }
}

final class Swift5Account: JSONCodable {
    var owner: String = "nobody"
    var balance: Int = 0

    init() {}

    static var transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
        "owner": "holder.name",
        "balance": Default(value: 10),
    ]
}

@Suite struct LadybugSwift5Tests {
    @Test func treeDecodesWithVarTransformerTables() throws {
        let text = #"""
            {"tree_names": {"colloquial": ["pine", "pinus"]}, "planted_at": "03-28-1999",
             "leaves": [{"size": "large", "is_attached": true}, {"size": "small", "is_attached": false}]}
            """#
        let tree = try Swift5Tree(data: Data(text.utf8))
        #expect(tree.name == "pine")
        #expect(
            tree.leaves == [Swift5Leaf(size: "large", isAttached: true), Swift5Leaf(size: "small", isAttached: false)])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(
            calendar.dateComponents([.year, .month, .day], from: tree.plantedAt)
                == DateComponents(year: 1999, month: 3, day: 28))
        #expect(try Swift5Tree(data: tree.toData()) == tree)
    }

    @Test func nonSendableClosureInMap() throws {
        #expect(try Swift5Bottles(json: ["count": "99"]).count == 99)
        #expect(throws: DecodingError.self) { try Swift5Bottles(json: ["count": "many"]) }
    }

    @Test func classWithInitAndDefaults() throws {
        let account = try Swift5Account(json: ["holder": ["name": "Ada"]])
        #expect(account.owner == "Ada")
        #expect(account.balance == 10)
    }

    @Test func brokenPayloadNamesTheProperty() throws {
        let error = try #require(throws: DecodingError.self) {
            try Swift5Tree(json: [
                "tree_names": ["colloquial": ["pine"]], "planted_at": "03-28-1999",
                "leaves": [["size": 3, "is_attached": true]],
            ])
        }
        #expect(String(describing: error).contains("size"))
    }
}
