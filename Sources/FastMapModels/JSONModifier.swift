import Foundation

/// A change applied to a decoded value before it is stored, named in `@Modify(...)`.
///
/// Build your own with ``init(_:)`` or ``custom(_:)``:
/// `static let shout = JSONModifier<String> { $0.uppercased() }` and `@Modify(Names.shout)`.
public struct JSONModifier<Value>: Sendable {
    /// The change.
    public let apply: @Sendable (Value) throws -> Value

    /// A modifier that applies `change`.
    public init(_ change: @escaping @Sendable (Value) throws -> Value) {
        self.apply = change
    }

    /// A modifier that applies `change`.
    public static func custom(_ change: @escaping @Sendable (Value) throws -> Value) -> JSONModifier {
        JSONModifier(change)
    }
}

extension JSONModifier where Value == String {
    /// Removes leading and trailing whitespace and newlines.
    public static var trimmed: JSONModifier { JSONModifier { $0.trimmingCharacters(in: .whitespacesAndNewlines) } }
}

extension JSONModifier where Value == String? {
    /// Removes leading and trailing whitespace and newlines, and turns an empty result into `nil`.
    public static var trimmedNilIfEmpty: JSONModifier {
        JSONModifier { value in
            guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
                return nil
            }
            return trimmed
        }
    }
}

extension JSONModifier where Value: Comparable & Sendable {
    /// Moves the value into `range`.
    public static func clamping(to range: ClosedRange<Value>) -> JSONModifier {
        JSONModifier { Swift.min(Swift.max($0, range.lowerBound), range.upperBound) }
    }

    /// Raises the value to at least `lowest`.
    public static func min(_ lowest: Value) -> JSONModifier {
        JSONModifier { Swift.max($0, lowest) }
    }

    /// Lowers the value to at most `highest`.
    public static func max(_ highest: Value) -> JSONModifier {
        JSONModifier { Swift.min($0, highest) }
    }
}

extension JSONModifier where Value: RangeReplaceableCollection & SendableMetatype {
    /// Sorts the elements with `areInIncreasingOrder`.
    public static func sorted(by areInIncreasingOrder: @escaping @Sendable (Value.Element, Value.Element) -> Bool)
        -> JSONModifier
    {
        JSONModifier { Value($0.sorted(by: areInIncreasingOrder)) }
    }

    /// Sorts by the value at `keyPath`, ascending.
    public static func ascending<Key: Comparable & SendableMetatype>(by keyPath: KeyPath<Value.Element, Key> & Sendable)
        -> JSONModifier
    {
        sorted { $0[keyPath: keyPath] < $1[keyPath: keyPath] }
    }

    /// Sorts by the value at `keyPath`, descending.
    public static func descending<Key: Comparable & SendableMetatype>(
        by keyPath: KeyPath<Value.Element, Key> & Sendable
    )
        -> JSONModifier
    {
        sorted { $0[keyPath: keyPath] > $1[keyPath: keyPath] }
    }

    /// Sorts by the optional value at `keyPath`, ascending, `nil` last.
    public static func ascending<Key: Comparable & SendableMetatype>(
        by keyPath: KeyPath<Value.Element, Key?> & Sendable
    )
        -> JSONModifier
    {
        sorted { JSONSort.nilsLast($0[keyPath: keyPath], $1[keyPath: keyPath], ascending: true) }
    }

    /// Sorts by the optional value at `keyPath`, descending, `nil` last.
    public static func descending<Key: Comparable & SendableMetatype>(
        by keyPath: KeyPath<Value.Element, Key?> & Sendable
    )
        -> JSONModifier
    {
        sorted { JSONSort.nilsLast($0[keyPath: keyPath], $1[keyPath: keyPath], ascending: false) }
    }
}

extension JSONModifier where Value: RangeReplaceableCollection & SendableMetatype, Value.Element: Comparable {
    /// Sorts the elements in ascending order.
    public static var ascending: JSONModifier { sorted { $0 < $1 } }

    /// Sorts the elements in descending order.
    public static var descending: JSONModifier { sorted { $0 > $1 } }
}

extension JSONModifier
where
    Value: RangeReplaceableCollection & SendableMetatype, Value.Element: JSONOptionalComparable & SendableMetatype,
    Value.Element.Wrapped: SendableMetatype
{
    /// Sorts the elements in ascending order, `nil` last.
    public static var ascending: JSONModifier {
        sorted { JSONSort.nilsLast($0.jsonComparableValue, $1.jsonComparableValue, ascending: true) }
    }

    /// Sorts the elements in descending order, `nil` last.
    public static var descending: JSONModifier {
        sorted { JSONSort.nilsLast($0.jsonComparableValue, $1.jsonComparableValue, ascending: false) }
    }
}

/// An optional whose wrapped type is `Comparable`: lets `.ascending` and `.descending` sort
/// `[Int?]` with `nil` last.
public protocol JSONOptionalComparable {
    /// The wrapped type.
    associatedtype Wrapped: Comparable
    /// The wrapped value, or `nil`.
    var jsonComparableValue: Wrapped? { get }
}

extension Optional: JSONOptionalComparable where Wrapped: Comparable {
    /// The optional itself.
    public var jsonComparableValue: Wrapped? { self }
}
