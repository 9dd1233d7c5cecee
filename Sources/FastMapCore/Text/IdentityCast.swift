/// `value` as `U` when `T` and `U` are the same type, checked: the checked cast FastMap's generic
/// fast paths use after a type test (`if T.self == String.self { return identityCast(s, to: T.self) }`).
///
/// A mismatch traps, as `as!` would; a match costs one metadata comparison, where `as!` in code
/// the compiler could not specialize goes through the runtime's dynamic cast on every value.
@_spi(FastMapCore) @inlinable @inline(__always)
public func identityCast<T, U>(_ value: T, to type: U.Type) -> U {
    precondition(T.self == U.self, "identityCast from \(T.self) to \(U.self)")
    return unsafeBitCast(value, to: U.self)
}
