/// A path whose steps may each be allowed to be missing: what `=>?` builds.
///
/// Written with the operators, `=>?` marks the step to its right as optional and `=>` marks it
/// as required:
///
/// ```swift
/// let followers: Int? = try json =>? "user" => "followers"
/// //                                   ^^^^ may be missing (nil); "followers" may not
/// ```
///
/// A string literal is parsed like a ``JSONKeyPath`` (`"a.b[0]"`); only its first step is
/// optional, because that is the step written right after `=>?`. Everything that follows is
/// required unless another `=>?` says otherwise. An array literal (`["user", "followers"]`)
/// makes every one of its steps optional, as Anviking Decodable's does.
public struct JSONOptionalKeyPath: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    /// One step of the path and whether it must be present.
    public struct Step: Hashable, Sendable {
        /// The key or index.
        public var component: JSONKeyPath.Component
        /// `false` when a missing value at this step makes the whole lookup `nil`.
        public var isRequired: Bool

        /// Creates a step.
        public init(_ component: JSONKeyPath.Component, isRequired: Bool) {
            self.component = component
            self.isRequired = isRequired
        }
    }

    /// The steps, from the value the path is applied to.
    public var steps: [Step]

    /// A path made of exactly these steps.
    public init(steps: [Step]) {
        self.steps = steps
    }

    /// `path` with its first step optional (`firstIsOptional`) and the others required.
    public init(_ path: JSONKeyPath, firstIsOptional: Bool = true) {
        steps = path.components.enumerated().map { index, component in
            Step(component, isRequired: !(firstIsOptional && index == 0))
        }
    }

    /// Parses `"a.b[0]"`; the first step is optional, the others required.
    public init(stringLiteral value: String) {
        self.init(JSONKeyPath(stringLiteral: value))
    }

    /// `["a", 0]`: segments as in ``JSONKeyPath/init(_:)``, every step optional, as Anviking
    /// Decodable's `OptionalKeyPath` array literal (`json =>? ["user", "followers"]` is `nil` when
    /// either is missing). Joining with `=>` still makes the joined step required.
    public init(arrayLiteral elements: JSONSubscript...) {
        self.init(steps: JSONKeyPath(segments: elements).components.map { Step($0, isRequired: false) })
    }

    /// The path without the optional markers.
    public var keyPath: JSONKeyPath { JSONKeyPath(components: steps.map(\.component)) }

    /// `a?.b[0]`: optional steps carry a `?`.
    public var description: String {
        var text = ""
        for (position, step) in steps.enumerated() {
            switch step.component {
            case .key(let key):
                // As in JSONKeyPath: every key after the first gets its dot, even an empty one.
                if position > 0 { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
            if !step.isRequired { text += "?" }
        }
        return text
    }

    /// The same path with its first step required or optional.
    func markingFirst(required: Bool) -> JSONOptionalKeyPath {
        var copy = self
        if !copy.steps.isEmpty { copy.steps[0].isRequired = required }
        return copy
    }
}
