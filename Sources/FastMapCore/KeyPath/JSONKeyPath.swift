internal import FastMapKeyPathGrammar

/// A value that can name one step of a ``JSONKeyPath``: a `String` (an object key, split on
/// `.`) or an `Int` (an array index).
public protocol JSONSubscript: Sendable {}

extension String: JSONSubscript {}
extension Int: JSONSubscript {}
extension Substring: JSONSubscript {}

/// A path into a JSON document, such as `"data.items[0].name"`.
///
/// Build one from a string literal (`"a.b[0].c"`), from segments
/// (`JSONKeyPath("a", "b", 0)`, where strings are split on `.` and integers index arrays),
/// or from an array literal (`["a", 0]`). Resolving a path walks the parsed tree directly.
public struct JSONKeyPath: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    /// One step of a path.
    public enum Component: Hashable, Sendable, CustomStringConvertible {
        /// A member of an object.
        case key(String)
        /// An element of an array.
        case index(Int)

        /// `key` or `[index]`.
        public var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// The steps, from the root.
    public var components: [Component]

    /// A path made of exactly these components (no splitting on `.`).
    public init(components: [Component]) {
        self.components = components
    }

    /// A path from segments: strings are split on `.` and may carry `[n]` indices; integers
    /// index arrays.
    public init(_ segments: JSONSubscript...) {
        self.init(segments: segments)
    }

    /// A path from an array of segments (see ``init(_:)``).
    public init(segments: [JSONSubscript]) {
        var components: [Component] = []
        for segment in segments {
            switch segment {
            case let index as Int: components.append(.index(index))
            case let text as String: components += Self.parse(text)
            case let text as Substring: components += Self.parse(String(text))
            default: components += Self.parse(String(describing: segment))
            }
        }
        self.components = components
    }

    /// Parses `"a.b[0].c"`.
    public init(stringLiteral value: String) {
        self.components = Self.parse(value)
    }

    /// `["a", 0, "b.c"]`: the same rules as ``init(_:)``.
    public init(arrayLiteral elements: JSONSubscript...) {
        self.init(segments: elements)
    }

    /// The empty path: the root itself.
    public static let root = JSONKeyPath(components: [])

    /// `a.b[0].c` (the key-path grammar's form, which the string literal reads back).
    public var description: String { KeyPathGrammar.describe(components.map(\.step)) }

    /// A new path with `component` appended.
    public func appending(_ component: Component) -> JSONKeyPath {
        JSONKeyPath(components: components + [component])
    }

    /// `$`, `$.a.b[0]`: the form FastMap's errors print.
    package static func rootedDescription(of components: [Component]) -> String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key): text += ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The components `text` spells in the key-path grammar (`FastMapKeyPathGrammar`, shared
    /// with the `@JSONModel` macro).
    package static func parse(_ text: String) -> [Component] {
        KeyPathGrammar.parse(text).map(Component.init(step:))
    }
}

extension JSONKeyPath.Component {
    init(step: KeyPathStep) {
        switch step {
        case .key(let key): self = .key(key)
        case .index(let index): self = .index(index)
        }
    }

    var step: KeyPathStep {
        switch self {
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        }
    }
}
