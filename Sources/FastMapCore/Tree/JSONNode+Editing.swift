internal import CJansson

/// Changing a tree while it is being built (the `JSONCodable` encoder places values at key
/// paths, filling array slots reserved with `null`).
extension JSONNode {
    /// Sets member `key` to `child`, replacing (and releasing) the value there while keeping
    /// the member's position; takes over the caller's reference to `child`.
    package func replaceMember(_ key: String, with child: JSONNode) {
        key.withBorrowedUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                _ = json_object_setn_new_nocheck(raw, chars.baseAddress ?? emptyCString, chars.count, child.raw)
            }
        }
    }
}
