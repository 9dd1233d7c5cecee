/// A reference that keeps nothing alive and costs no reference counting to use: the front ends'
/// hot paths hold an object this way when something else is known to hold it meanwhile (the
/// unsafe part stays in the core; see ARCHITECTURE.md).
///
/// Reading it while nothing holds the object is undefined behaviour: the holder must make sure
/// some other reference outlives every ``reading(_:)`` and ``object`` read.
@_spi(FastMapCore) public struct UnownedReference<Object: AnyObject> {
    @usableFromInline let unmanaged: Unmanaged<Object>

    /// Refers to `object` without holding it.
    @inlinable public init(_ object: Object) {
        unmanaged = Unmanaged.passUnretained(object)
    }

    /// The object, as a strong reference (the caller holds it from here on).
    @inlinable public var object: Object { unmanaged.takeUnretainedValue() }

    /// Runs `body` with the object, taking no reference for the call.
    @inlinable @inline(__always)
    public func reading<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try unmanaged._withUnsafeGuaranteedRef(body)
    }
}
