/// The class instance inside a `KeyedDecodingContainer` or `KeyedEncodingContainer` (the standard
/// library's box around the concrete container), and the container around a box: how the
/// front ends hand a container out again without making a new box (FastMap's
/// `ReusableContainerBoxes`).
///
/// Both container types have been one reference to their box since Swift 4; ``isAvailable``
/// checks that this standard library lays them out so, and `box(of:)` gives no box when it does
/// not (so nothing is kept, and nothing is ever cast back).
@_spi(FastMapCore) public enum KeyedContainerBoxes {
    /// Whether the two keyed container types are each exactly one object reference.
    public static let isAvailable: Bool =
        MemoryLayout<KeyedDecodingContainer<BoxLayoutProbeKey>>.size == MemoryLayout<AnyObject>.size
        && MemoryLayout<KeyedEncodingContainer<BoxLayoutProbeKey>>.size == MemoryLayout<AnyObject>.size
        && MemoryLayout<KeyedDecodingContainer<BoxLayoutProbeKey>>.alignment == MemoryLayout<AnyObject>.alignment
        && MemoryLayout<KeyedEncodingContainer<BoxLayoutProbeKey>>.alignment == MemoryLayout<AnyObject>.alignment

    /// The box of `container`; nil unless ``isAvailable``.
    @inlinable @inline(__always)
    public static func box<Key>(of container: KeyedDecodingContainer<Key>) -> AnyObject? {
        isAvailable ? unsafeBitCast(container, to: AnyObject.self) : nil
    }

    /// The box of `container`; nil unless ``isAvailable``.
    @inlinable @inline(__always)
    public static func box<Key>(of container: KeyedEncodingContainer<Key>) -> AnyObject? {
        isAvailable ? unsafeBitCast(container, to: AnyObject.self) : nil
    }

    /// The container around `box`, which must be the box of a `KeyedDecodingContainer<Key>`.
    @inlinable @inline(__always)
    public static func decodingContainer<Key>(_ box: AnyObject, keyedBy: Key.Type) -> KeyedDecodingContainer<Key> {
        #if arch(x86_64)
            keyedDecodingContainer(box, Key.self)
        #else
            unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
        #endif
    }

    /// The container around `box`, which must be the box of a `KeyedEncodingContainer<Key>`.
    @inlinable @inline(__always)
    public static func encodingContainer<Key>(_ box: AnyObject, keyedBy: Key.Type) -> KeyedEncodingContainer<Key> {
        #if arch(x86_64)
            keyedEncodingContainer(box, Key.self)
        #else
            unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
        #endif
    }
}

/// A key type to measure the container types with (their layout does not depend on the key).
private struct BoxLayoutProbeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

// The container around a box, made without the metadata lookup. Both container types are
// resilient generic structs: Swift code that makes one for a key it knows only at run time (an
// `init(from:)` or `encode(to:)` asks for it) looks up the type's metadata, a hashed runtime
// lookup on every call, to copy the value into place (4-6% of decoding or encoding
// github_events.json), though the value is one reference whatever the key. These two are
// implemented in C (CFastMap/swift_values.c): Swift's calling convention returns the container
// through the caller's address, which the C function fills with the box, retained. Called only
// when `isAvailable`, and on x86_64, where their convention is tested (elsewhere the cast runs,
// with the lookup).

#if arch(x86_64)
    @_silgen_name("fm_swift_keyed_decoding_container")
    @usableFromInline func keyedDecodingContainer<Key>(_ box: AnyObject, _ key: Key.Type) -> KeyedDecodingContainer<Key>

    @_silgen_name("fm_swift_keyed_encoding_container")
    @usableFromInline func keyedEncodingContainer<Key>(_ box: AnyObject, _ key: Key.Type) -> KeyedEncodingContainer<Key>
#endif
