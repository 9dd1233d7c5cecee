/// Reads the value of an optional whose wrapped type is known only at run time, without the
/// metadata lookup of the optional's own type.
///
/// In unspecialized code, unwrapping a `T?` (`guard let`, `if let`, `!`) copies the optional
/// first, for which Swift looks up the metadata of `Optional<T>` (a hashed runtime lookup) on
/// every call: 2-3% of encoding github_events.json went to that in
/// `KeyedEncodingContainerProtocol.encodeIfPresent`'s default implementation. The case is read
/// with `T`'s own value witness instead, in C (CFastMap/swift_values.c).
@_spi(FastMapCore) public enum OptionalPayload {
    /// Runs `body` with the value `optional` holds; does nothing when it is nil.
    @inlinable @inline(__always)
    public static func ifPresent<T>(_ optional: T?, _ body: (T) throws -> Void) rethrows {
        #if arch(x86_64)
            guard optionalIsSome(optional) else { return }
            try body(optionalPayload(optional))
        #else
            if let value = optional { try body(value) }
        #endif
    }
}

#if arch(x86_64)
    /// Whether `optional` holds a value.
    @_silgen_name("fm_swift_optional_is_some")
    @usableFromInline func optionalIsSome<T>(_ optional: T?) -> Bool

    /// A copy of the value `optional` holds, which must not be nil.
    @_silgen_name("fm_swift_optional_payload")
    @usableFromInline func optionalPayload<T>(_ optional: T?) -> T
#endif
