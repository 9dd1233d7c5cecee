internal import CFastMap
internal import CJansson

/// Creating and owning nodes. Each `make*` returns a node holding one reference that the caller
/// owns until it hands it to a container (`append`/`setFirst`) or calls `release()`.
extension JSONNode {
    package static func makeObject() -> JSONNode { JSONNode(checked: json_object()) }
    package static func makeArray() -> JSONNode { JSONNode(checked: json_array()) }
    package static func makeNull() -> JSONNode { JSONNode(checked: json_null()) }
    package static func makeBool(_ value: Bool) -> JSONNode { JSONNode(checked: value ? json_true() : json_false()) }
    package static func makeInteger(_ value: Int64) -> JSONNode { JSONNode(checked: json_integer(json_int_t(value))) }

    /// A node for a UInt64 above Int64.max: its bit pattern, marked unsigned in the node itself
    /// (see ``JSONNode/isUnsignedInteger``).
    package static func makeUnsignedBits(_ value: UInt64) -> JSONNode {
        JSONNode(checked: fm_json_unsigned(value))
    }

    /// nil for NaN and infinities, which JSON cannot hold.
    package static func makeReal(_ value: Double) -> JSONNode? {
        json_real(value).map(JSONNode.init)
    }

    package static func makeString(_ value: String) -> JSONNode {
        value.withBorrowedUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                JSONNode(checked: json_stringn_nocheck($0.baseAddress ?? emptyCString, $0.count))
            }
        }
    }

    private init(checked pointer: UnsafeMutablePointer<json_t>?) {
        guard let pointer else {
            // jansson returns NULL only when malloc fails; Swift itself traps in that case too.
            preconditionFailure("FastMap: out of memory while creating a JSON node")
        }
        self.init(pointer)
    }

    /// Appends `child`, taking over the caller's reference.
    package func append(_ child: JSONNode) {
        _ = json_array_append_new(raw, child.raw)
    }

    /// Adds `child` under `key` unless the key is already present (the first one wins, as in
    /// Foundation's JSONDecoder). Takes over the caller's reference either way.
    package func setFirst(_ key: String, _ child: JSONNode) {
        key.withBorrowedUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                let base = chars.baseAddress ?? emptyCString
                if json_object_getn(raw, base, chars.count) != nil {
                    fm_json_release(child.raw)
                } else {
                    _ = json_object_setn_new_nocheck(raw, base, chars.count, child.raw)
                }
            }
        }
    }

    /// Atomic on every access (jansson's inline `json_incref` reads the count plainly first):
    /// one value may be composed into new trees from many threads at once.
    package func retain() { _ = fm_json_retain(raw) }

    /// Whether this integer holds a UInt64 above Int64.max (``integerBits`` is then its bit
    /// pattern). Marked in the node when it is made, by `fm_json_unsigned`.
    @inline(__always) package var isUnsignedInteger: Bool { integerBits < 0 && fm_json_is_unsigned(raw) != 0 }
    package func release() { fm_json_release(raw) }

    /// `release()` for trees that may nest deeper than the C stack allows to recurse.
    package func releaseDeep() { fm_json_release_deep(raw) }
}
