/// How `@Modify` sorts a collection: `.ascending`, `.descending`, `.ascending(by: \.id)`,
/// `.descending(by: \.name)`, `.sorted(by:)`.
///
/// This is the spelling an attribute accepts; `@JSONModel` applies the ``JSONModifier`` of the same
/// name for the property's type, where Swift can check the key path or the closure against the
/// element type.
public struct JSONSort: Sendable, Hashable, CustomStringConvertible {
    /// The spelling, such as `ascending(by:)`.
    public let description: String

    private init(_ description: String) {
        self.description = description
    }

    /// Ascending order of the elements.
    public static let ascending = JSONSort("ascending")
    /// Descending order of the elements.
    public static let descending = JSONSort("descending")

    /// Ascending order of the value at `keyPath` of each element.
    public static func ascending<Root, Key>(by keyPath: KeyPath<Root, Key>) -> JSONSort {
        JSONSort("ascending(by:)")
    }

    /// Descending order of the value at `keyPath` of each element.
    public static func descending<Root, Key>(by keyPath: KeyPath<Root, Key>) -> JSONSort {
        JSONSort("descending(by:)")
    }

    /// Ascending order of the member at `keyPath` (`\.id`), whose root is the element type.
    public static func ascending(by keyPath: KeyPath<JSONModelValue, JSONModelValue>) -> JSONSort {
        JSONSort("ascending(by:)")
    }

    /// Descending order of the member at `keyPath` (`\.id`), whose root is the element type.
    public static func descending(by keyPath: KeyPath<JSONModelValue, JSONModelValue>) -> JSONSort {
        JSONSort("descending(by:)")
    }

    /// The order `areInIncreasingOrder` defines.
    public static func sorted<Element>(by areInIncreasingOrder: (Element, Element) -> Bool) -> JSONSort {
        JSONSort("sorted(by:)")
    }

    /// Compares two optionals, `nil` after every value.
    static func nilsLast<Value: Comparable>(_ lhs: Value?, _ rhs: Value?, ascending: Bool) -> Bool {
        switch (lhs, rhs) {
        case (let lhs?, let rhs?): ascending ? lhs < rhs : lhs > rhs
        case (.some, nil): true
        case (nil, _): false
        }
    }
}
