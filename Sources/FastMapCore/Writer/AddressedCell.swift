/// A value owned by a class instance and read and modified where it lies, through an
/// address: for state that many handles share (the streaming encoder's containers share one
/// writer and frame stack) and that hot paths change in place.
///
/// A class's stored property costs a runtime exclusivity check on every access that
/// modifies it (`swift_beginAccess`, a thread-local access set); reaching the value through
/// an addressor costs none, so ``value`` is as fast as a local variable. The pointer stays
/// inside the core: users of the cell see a plain property. Callers keep to the one rule the
/// checks would otherwise enforce: no access to ``value`` starts inside another access that
/// modifies it (the encoder's state methods never call out to user code).
@_spi(FastMapCore) public final class AddressedCell<Value> {
    @usableFromInline let address: UnsafeMutablePointer<Value>

    /// A cell holding `value`.
    @inlinable public init(_ value: Value) {
        address = .allocate(capacity: 1)
        address.initialize(to: value)
    }

    deinit {
        address.deinitialize(count: 1)
        address.deallocate()
    }

    /// The value, read and modified in place.
    @inlinable public var value: Value {
        unsafeAddress { UnsafePointer(address) }
        unsafeMutableAddress { address }
    }
}
