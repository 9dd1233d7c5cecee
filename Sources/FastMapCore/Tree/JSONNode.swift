internal import CFastMap
internal import CJansson

/// A borrowed pointer to one jansson node. It never retains or releases: the `JSONDocument`
/// that owns the tree keeps every node alive.
///
/// This file and its siblings in `Tree/` are the only Swift files that see jansson.
///
/// `@unchecked Sendable`: a node is only an address. A tree reachable from several threads
/// belongs to a `JSONDocument` and is never mutated; the mutating calls (`+Build`, `+Mutation`,
/// `+Editing`) are only used on a tree still being built by one thread, before a document
/// owns it.
@_spi(FastMapCore) public struct JSONNode: @unchecked Sendable, Hashable {
    // Public to the `FastMapCore` SPI only, so that the type tests below can be @inlinable: the
    // decoders in FastMap make them for every value, and this toolchain neither inlines nor
    // specializes a `package` declaration in another module. The address is raw so that
    // inlined code needs no jansson type (CFastMap's tree.c asserts the layout it reads).
    @usableFromInline let address: UnsafeMutableRawPointer

    var raw: UnsafeMutablePointer<json_t> { address.assumingMemoryBound(to: json_t.self) }

    init(_ raw: UnsafeMutablePointer<json_t>) {
        self.address = UnsafeMutableRawPointer(raw)
    }

    init(opaque: OpaquePointer) {
        self.address = UnsafeMutableRawPointer(opaque)
    }

    var opaque: OpaquePointer { OpaquePointer(raw) }

    /// jansson's `json_type` tag: the first field of every `json_t`, a 4-byte enum numbered
    /// `JSON_OBJECT` (0) to `JSON_NULL` (7). `tree.c` asserts both facts at compile time.
    @inlinable var typeTag: Int32 { address.load(as: Int32.self) }

    /// What kind of value the node holds.
    @inlinable public var kind: JSON.Kind {
        switch typeTag {
        case 0: return .object
        case 1: return .array
        case 2: return .string
        case 3, 4: return .number
        case 5, 6: return .bool
        default: return .null
        }
    }

    /// Whether the node is an object.
    @inlinable public var isObject: Bool { typeTag == 0 }
    /// Whether the node is an array.
    @inlinable public var isArray: Bool { typeTag == 1 }
    /// Whether the node is a string.
    @inlinable public var isString: Bool { typeTag == 2 }
    /// Whether the node is an integer (see ``integerBits``).
    @inlinable public var isInteger: Bool { typeTag == 3 }
    /// Whether the node is a number read as a double (see ``realValue``).
    @inlinable public var isReal: Bool { typeTag == 4 }
    /// Whether the node is `null`.
    @inlinable public var isNull: Bool { typeTag == 7 }
    /// Whether the node is `true`.
    @inlinable public var isTrue: Bool { typeTag == 5 }
    /// Whether the node is `false`.
    @inlinable public var isFalse: Bool { typeTag == 6 }

    // MARK: Scalars

    /// The UTF-8 bytes of a string node (which may contain NUL), valid while the tree lives.
    @inline(__always)
    var stringBytes: UnsafeBufferPointer<UInt8> {
        let length = json_string_length(raw)
        guard let start = json_string_value(raw) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: length)
    }

    @inline(__always)
    package var stringValue: String { String(treeUTF8: stringBytes) }

    /// The stored integer: for ``isUnsignedInteger`` nodes, the bit pattern of a UInt64.
    @inline(__always) package var integerBits: Int64 { Int64(json_integer_value(raw)) }

    @inline(__always) package var realValue: Double { json_real_value(raw) }

    // MARK: Arrays

    @inline(__always) package var arrayCount: Int { json_array_size(raw) }

    @inline(__always)
    package func element(at index: Int) -> JSONNode? {
        guard index >= 0, let child = json_array_get(raw, index) else { return nil }
        return JSONNode(child)
    }

    // MARK: Objects

    @inline(__always) package var objectCount: Int { json_object_size(raw) }

    @inline(__always)
    package func member(_ key: String) -> JSONNode? {
        key.withBorrowedUTF8 { member(utf8: $0) }
    }

    /// The member named `name` as Foundation matches keys, as Swift strings: byte for byte
    /// first (through jansson's hash, or a walk in an object a sparse parse filtered), then, for
    /// a name with other spellings (``Swift/String/hasOtherSpellings``), by comparing keys as
    /// `String`s, so `"cafe\u{301}"` finds `café` and `"K"` a key spelled with the Kelvin sign.
    @inline(__always)
    package func member(matching name: String) -> JSONNode? {
        if let node = member(name) { return node }
        return equivalentMember(name)
    }

    /// The member whose key equals `name` as Swift strings compare, for a `name` no key matches
    /// byte for byte (the second half of ``member(matching:)``).
    package func equivalentMember(_ name: String) -> JSONNode? {
        guard name.hasOtherSpellings else { return nil }
        // An ASCII name's other spellings are not ASCII: ASCII keys, which differ from it byte
        // for byte, are passed over without making a `String` of them.
        let asciiName = name.utf8.allSatisfy { $0 < 0x80 }
        var found: JSONNode? = nil
        forEachMember { raw, node in
            guard found == nil, !asciiName || raw.contains(where: { $0 >= 0x80 }) else { return }
            if String(decoding: raw, as: UTF8.self) == name { found = node }
        }
        return found
    }

    @inline(__always)
    func member(utf8 key: UnsafeBufferPointer<UInt8>) -> JSONNode? {
        let found = key.withMemoryRebound(to: CChar.self) { chars in
            fm_object_member(raw, chars.baseAddress ?? emptyCString, chars.count)
        }
        return found.map(JSONNode.init)
    }

    /// Calls `body` for each member in document order, with the key's UTF-8 bytes.
    @inline(__always)
    func forEachMember<E: Error>(_ body: (UnsafeBufferPointer<UInt8>, JSONNode) throws(E) -> Void) throws(E) {
        var iterator = json_object_iter(raw)
        while let current = iterator {
            let keyLength = json_object_iter_key_len(current)
            let keyStart = json_object_iter_key(current)
            let key = UnsafeBufferPointer(
                start: keyStart.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) },
                count: keyLength)
            if let value = json_object_iter_value(current) {
                try body(key, JSONNode(value))
            }
            iterator = json_object_iter_next(raw, current)
        }
    }

    /// Calls `body` for each member's value in document order (the keys are not made strings).
    package func forEachMemberValue(_ body: (JSONNode) -> Void) {
        forEachMember { _, value in body(value) }
    }

    /// The members in document order, as Swift strings.
    package var members: [(key: String, value: JSONNode)] {
        var result: [(key: String, value: JSONNode)] = []
        result.reserveCapacity(objectCount)
        forEachNamedMember { key, value in result.append((key, value)) }
        return result
    }
}

/// A valid pointer for empty inputs: jansson and yajl want a non-null address even for zero bytes.
nonisolated(unsafe) let emptyCString: UnsafePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    pointer.pointee = 0
    return UnsafePointer(pointer)
}()
