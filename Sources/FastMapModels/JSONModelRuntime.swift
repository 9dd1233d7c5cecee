/// Steps of the generated code that do not depend on the model: modifiers and validation.
public enum JSONModelRuntime {
    /// `value` changed by `modifier`.
    @inlinable
    public static func apply<Value>(_ value: Value, _ modifier: JSONModifier<Value>) throws -> Value {
        try modifier.apply(value)
    }

    /// `value` changed by `modifier` when not `nil`.
    @inlinable
    public static func apply<Value>(_ value: Value?, _ modifier: JSONModifier<Value>) throws -> Value? {
        try value.map(modifier.apply)
    }

    /// `value`, after checking it with `predicate`; throws a `FastMapError` (`invalidValue`) that
    /// shows the value when the check fails.
    @inlinable
    public static func validate<Value>(_ value: Value, _ predicate: (Value) throws -> Bool) throws -> Value {
        guard try predicate(value) else { throw validationFailure(value) }
        return value
    }

    /// `value`, after checking it with `predicate` when not `nil`.
    @inlinable
    public static func validate<Value>(_ value: Value?, _ predicate: (Value) throws -> Bool) throws -> Value? {
        guard let value else { return nil }
        guard try predicate(value) else { throw validationFailure(value) }
        return value
    }

    @usableFromInline
    static func validationFailure(_ value: Any) -> FastMapError {
        let shown = value is String ? "\"\(value)\"" : "\(value)"
        // The value is kept, not quoted: error texts carry no payload.
        return FastMapError(kind: .invalidValue, message: "validation failed", foundSnippet: shown)
    }
}
