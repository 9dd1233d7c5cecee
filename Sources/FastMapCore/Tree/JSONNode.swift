internal import CFastMap

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One value of a FastMap document: the address of its cell (`CFastMap/include/fastmap_document.h`
/// draws the layout). It never owns anything: the `JSONDocument` holding the cells keeps them
/// alive, and cells never move or change once their value is complete.
///
/// This file and its siblings in `Tree/` are the only Swift files that read cells.
///
/// `@unchecked Sendable`: a node is only an address into memory that is never written again.
@_spi(FastMapCore) public struct JSONNode: @unchecked Sendable, Hashable {
    // Public to the `FastMapCore` SPI only, so that the reads below can be @inlinable: the
    // decoders in FastMap make them for every value, and this toolchain neither inlines nor
    // specializes a `package` declaration in another module. The address is raw so that
    // inlined code needs no C type; `document.c` asserts the layout read here (8-byte words, a
    // cell's tag word first, its payload second unless the tag says the cell is short).
    @usableFromInline let address: UnsafeRawPointer

    @inlinable init(address: UnsafeRawPointer) {
        self.address = address
    }

    init(_ cell: UnsafePointer<fm_cell>) {
        self.address = UnsafeRawPointer(cell)
    }

    var cell: UnsafePointer<fm_cell> { address.assumingMemoryBound(to: fm_cell.self) }

    /// The cell's tag word: kind in bits 0–3, then a count, a byte length or a short value.
    @inlinable var tag: UInt64 { address.load(as: UInt64.self) }
    /// The cell's second word. A short cell (``isShort``) has none: the word there is the next
    /// cell's, or past the document, so only containers, strings and the cells of numbers that
    /// are not short read it.
    @inlinable var payload: UInt64 { address.load(fromByteOffset: 8, as: UInt64.self) }

    /// Whether the cell is its tag word alone (`FM_CELL_SHORT`: an integer or a decimal whose
    /// value fits the tag).
    @inline(__always) var isShort: Bool { tag & 0x20 != 0 }

    /// `fm_cell_kind`: object 0, array 1, string 2, integer 3, real 4, true 5, false 6, null 7,
    /// unsigned 8, number kept as text 9, decimal 10.
    @inlinable var typeTag: Int32 { Int32(truncatingIfNeeded: tag & 0xF) }

    /// What kind of value the node holds.
    @inlinable public var kind: JSON.Kind { Self.kind(ofTypeTag: typeTag) }

    /// What kind of value a cell of kind `typeTag` (an `fm_cell_kind`) holds.
    @inlinable static func kind(ofTypeTag typeTag: Int32) -> JSON.Kind {
        switch typeTag {
        case 0: return .object
        case 1: return .array
        case 2: return .string
        case 3, 4, 8, 9, 10: return .number
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
    /// Whether the node is an integer within `Int64.min...UInt64.max` (see ``integerBits``).
    @inlinable public var isInteger: Bool {
        let kind = typeTag
        return kind == 3 || kind == 8
    }
    /// Whether the node is any other number: a real, or an integer beyond 64 bits (see
    /// ``realValue`` and ``numberText``).
    @inlinable public var isReal: Bool {
        let kind = typeTag
        return kind == 4 || kind == 9 || kind == 10
    }
    /// Whether the node is `null`.
    @inlinable public var isNull: Bool { typeTag == 7 }
    /// Whether the node is `true`.
    @inlinable public var isTrue: Bool { typeTag == 5 }
    /// Whether the node is `false`.
    @inlinable public var isFalse: Bool { typeTag == 6 }

    /// The byte length of a string or number text, or the count of a container (the low 32
    /// bits above the kind).
    @inline(__always) var size: Int { Int(truncatingIfNeeded: tag &>> 8) }

    /// The bytes a string or number cell points at.
    @inline(__always) var textBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafePointer<UInt8>(bitPattern: UInt(payload)), count: size)
    }

    // MARK: Scalars

    /// The UTF-8 bytes of a string node (which may contain NUL), valid while the document lives.
    @inline(__always)
    var stringBytes: UnsafeBufferPointer<UInt8> { textBytes }

    @inline(__always)
    package var stringValue: String { String(treeUTF8: stringBytes) }

    /// The stored integer: for ``isUnsignedInteger`` nodes, the bit pattern of a UInt64.
    @inline(__always) package var integerBits: Int64 {
        let tag = self.tag
        // A short integer is the tag's top 56 bits, brought down with their sign.
        return tag & 0x20 != 0 ? Int64(bitPattern: tag) &>> 8 : Int64(bitPattern: payload)
    }

    /// A decimal's digits as one integer (bits 19–63 of a short one's tag).
    @inline(__always) var decimalDigits: UInt64 {
        let tag = self.tag
        return tag & 0x20 != 0 ? tag &>> 19 : payload
    }

    /// Whether this integer holds a UInt64 above Int64.max (``integerBits`` is then its bit
    /// pattern).
    @inline(__always) package var isUnsignedInteger: Bool { typeTag == 8 }

    /// A real's double: the nearest to its text for a parsed number, NaN for a number no finite
    /// double holds (an integer beyond 64 bits, a magnitude past `Double`'s range: see
    /// ``keptNumberText``).
    @inline(__always) package var realValue: Double {
        switch typeTag {
        case 4: return Double(bitPattern: payload)
        case 10: return fm_decimal_cell_double(tag, decimalDigits)
        default: return numberTextValue
        }
    }

    @inline(never) private var numberTextValue: Double {
        guard typeTag == 9, let base = textBytes.baseAddress else { return 0 }
        return fm_number_cell_double(base, size)
    }

    /// A parsed number's text exactly as written (reals, and integers beyond 64 bits); nil for
    /// numbers made in code and for integers, whose value tells them exactly.
    package var numberText: String? {
        switch typeTag {
        case 9: return String(decoding: textBytes, as: UTF8.self)
        case 10:
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(FM_DECIMAL_TEXT_CAPACITY)) {
                let length = fm_decimal_cell_text(tag, decimalDigits, $0.baseAddress!)
                return String(decoding: UnsafeBufferPointer(rebasing: $0[..<length]), as: UTF8.self)
            }
        default: return nil
        }
    }

    /// The text of a number no Int64, UInt64 or finite Double holds (its ``realValue`` is NaN).
    package var keptNumberText: String? {
        guard typeTag == 9, realValue.isNaN else { return nil }
        return numberText
    }

    // MARK: Containers

    /// The node after this one and everything below it: its next sibling in a container. A
    /// container's span counts words; a scalar takes one word when short, else two.
    @inlinable var next: JSONNode {
        let tag = self.tag
        let words = tag & 0xF <= 1 ? Int(truncatingIfNeeded: payload) : 2 &- Int(truncatingIfNeeded: (tag &>> 5) & 1)
        return JSONNode(address: address + 8 &* words)
    }

    /// The cell right after this one: a container's first element or first key, a key's value
    /// (containers and keys are never short).
    @inlinable var following: JSONNode { JSONNode(address: address + 16) }

    /// The cell right after this one's own words, in document order (for a container, its first
    /// child).
    var after: JSONNode { JSONNode(address: address + (isShort ? 8 : 16)) }

    @inlinable var containerCount: Int { Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: tag &>> 8)) }

    /// An array's first element (meaningful only when it has one).
    @inlinable public var firstElement: JSONNode { following }
    /// The value after this one in its array (meaningful only when there is one).
    @inlinable public var nextSibling: JSONNode { next }

    // MARK: Arrays

    /// How many elements an array has.
    @inlinable public var arrayCount: Int { containerCount }

    /// The element at `index`, found by stepping over the ones before it.
    package func element(at index: Int) -> JSONNode? {
        guard index >= 0, index < arrayCount else { return nil }
        var child = following
        for _ in 0..<index { child = child.next }
        return child
    }

    /// Calls `body` for each element in order.
    @inline(__always)
    package func forEachElement<E: Error>(_ body: (JSONNode) throws(E) -> Void) throws(E) {
        var child = following
        for _ in 0..<arrayCount {
            try body(child)
            child = child.next
        }
    }

    /// The elements in order.
    package var elements: [JSONNode] {
        var result: [JSONNode] = []
        result.reserveCapacity(arrayCount)
        forEachElement { result.append($0) }
        return result
    }

    // MARK: Objects

    @inline(__always) package var objectCount: Int { containerCount }

    @inline(__always)
    package func member(_ key: String) -> JSONNode? {
        key.withBorrowedUTF8 { member(utf8: $0) }
    }

    /// Whether some key of this object is not all ASCII (`FM_CELL_NON_ASCII_KEYS`, set by the
    /// document writer): only then can two keys that differ in bytes be equal as Swift strings
    /// (`"\u{212A}"`, the Kelvin sign, equals `"K"`), and a byte-for-byte lookup not be the
    /// answer Foundation gives.
    @inline(__always) package var hasNonASCIIKeys: Bool { tag & 0x10 != 0 }

    /// The member named `name` as Foundation matches keys, as Swift strings: the first member
    /// whose key equals `name` (Unicode canonical equivalence), so `"cafe\u{301}"` finds `café`,
    /// `"K"` a key spelled with the Kelvin sign, and of `{"\u{212A}":1,"K":2}` `"K"` finds `1`,
    /// as in `JSONDecoder`. Byte for byte, unless the object has a non-ASCII key
    /// (``hasNonASCIIKeys``).
    @inline(__always)
    package func member(matching name: String) -> JSONNode? {
        hasNonASCIIKeys ? firstEqualMember(name) : member(name)
    }

    /// The member whose key equals `name` as Swift strings compare, for a `name` no key matches
    /// byte for byte (the second half of a lookup that tried bytes first): none unless the object
    /// has a non-ASCII key.
    package func equivalentMember(_ name: String) -> JSONNode? {
        hasNonASCIIKeys ? firstEqualMember(name) : nil
    }

    /// The first member whose key equals `name` as Swift strings compare, for an object with a
    /// non-ASCII key (else ``member(_:)`` answers the same, faster).
    package func firstEqualMember(_ name: String) -> JSONNode? {
        // A name spelled one way only (``Swift/String/hasOtherSpellings``) equals only keys of
        // its bytes, of which the writer kept the first.
        guard name.hasOtherSpellings else { return member(name) }
        return name.withBorrowedUTF8 { bytes in
            // An ASCII name's other spellings are not ASCII: ASCII keys that differ from it byte
            // for byte are passed over without making a `String` of them.
            let asciiName = !bytes.contains { $0 >= 0x80 }
            var keyNode = following
            for _ in 0..<objectCount {
                let value = keyNode.following
                if keyNode.hasKey(bytes) { return value }
                let raw = keyNode.textBytes
                if !asciiName || raw.contains(where: { $0 >= 0x80 }), String(treeUTF8: raw) == name { return value }
                keyNode = value.next
            }
            return nil
        }
    }

    /// Calls `body` for each member in document order with its key as a Swift string, but once
    /// for keys equal as Swift strings: the first of them (see ``member(matching:)``).
    package func forEachDistinctNamedMember(_ body: (String, JSONNode) -> Void) {
        guard hasNonASCIIKeys else { return forEachNamedMember(body) }
        var seen: Set<String> = []
        forEachNamedMember { name, value in
            if seen.insert(name).inserted { body(name, value) }
        }
    }

    /// The member whose key is `key`'s bytes, found by walking the members in order.
    @inline(__always)
    func member(utf8 key: UnsafeBufferPointer<UInt8>) -> JSONNode? {
        guard isObject else { return nil }
        var keyNode = following
        for _ in 0..<objectCount {
            let value = keyNode.following
            if keyNode.hasKey(key) { return value }
            keyNode = value.next
        }
        return nil
    }

    /// Whether this key cell's bytes are `key`.
    @inline(__always)
    func hasKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard size == key.count else { return false }
        guard let start = UnsafeRawPointer(bitPattern: UInt(payload)), let other = key.baseAddress else {
            return true  // both empty
        }
        return memcmp(start, other, key.count) == 0
    }

    /// Calls `body` for each member in document order, with the key's UTF-8 bytes.
    @inline(__always)
    func forEachMember<E: Error>(_ body: (UnsafeBufferPointer<UInt8>, JSONNode) throws(E) -> Void) throws(E) {
        var keyNode = following
        for _ in 0..<objectCount {
            let value = keyNode.following
            try body(keyNode.textBytes, value)
            keyNode = value.next
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
