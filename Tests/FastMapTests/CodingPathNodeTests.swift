import Foundation
import Testing

@testable import FastMap

/// The one coding-path chain (`CodingPathNode`): steps kept oldest first when read, the key
/// objects handed back as given, indices as `JSONDecoder`'s `Index n` keys, nil as the root.
@Suite struct CodingPathNodeTests {
    @Test func stepsReadBackInOrder() {
        let key = FastCodingKey(stringValue: "users")
        let node = CodingPathNode.appending([.key(key), .index(3), .key(FastCodingKey(stringValue: "name"))], to: nil)
        #expect(node?.count == 3)
        #expect(node.codingPath.map(\.stringValue) == ["users", "Index 3", "name"])
        #expect(node.codingPath.map(\.intValue) == [nil, 3, nil])
        #expect(node?.keyPathComponents == [.key("users"), .index(3), .key("name")])
        if case .key(let first) = node.components.first {
            #expect(first is FastCodingKey)
        } else {
            Issue.record("first step is not the key")
        }
    }

    @Test func theRootIsNilAndAppendingNothingKeepsTheParent() {
        let root: CodingPathNode? = nil
        #expect(root.codingPath.isEmpty)
        #expect(root.components.isEmpty)
        let parent = CodingPathNode(parent: nil, component: .index(0))
        #expect(CodingPathNode.appending([], to: parent) === parent)
        let child = CodingPathNode.appending(keys: [FastCodingKey(stringValue: "a")], to: parent)
        #expect(child?.parent === parent)
        #expect(child.codingPath.map(\.stringValue) == ["Index 0", "a"])
    }
}
