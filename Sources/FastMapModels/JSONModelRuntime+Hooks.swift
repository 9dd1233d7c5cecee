/// The hook calls of generated code. Each comes in two overloads picked at compile time from the
/// model's static type, so a model without ``JSONModelHooks`` pays nothing (the empty overload is
/// inlined away) and no dynamic cast runs.
extension JSONModelRuntime {
    /// Nothing: the model has no hooks.
    @inlinable @inline(__always)
    public static func didDecode<Model>(_ model: inout Model) throws {}

    /// Calls `didDecode()` on a value model.
    @inlinable
    public static func didDecode<Model: JSONModelHooks>(_ model: inout Model) throws {
        try model.didDecode()
    }

    /// Nothing: the class model has no hooks.
    @inlinable @inline(__always)
    public static func didDecode<Model: AnyObject>(object: Model) throws {}

    /// Calls `didDecode()` on a class model (a class's `mutating` requirement changes the object).
    @inlinable
    public static func didDecode<Model: AnyObject & JSONModelHooks>(object: Model) throws {
        var reference = object
        try reference.didDecode()
    }

    /// Nothing: the model has no hooks.
    @inlinable @inline(__always)
    public static func willEncode<Model>(_ model: Model) throws {}

    /// Calls `willEncode()`.
    @inlinable
    public static func willEncode<Model: JSONModelHooks>(_ model: Model) throws {
        try model.willEncode()
    }
}
