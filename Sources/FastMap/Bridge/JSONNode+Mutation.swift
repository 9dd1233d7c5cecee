internal import CJansson

/// Writing into containers a builder owns. Every call takes over the caller's reference to
/// `child`, as `append` and `setFirst` do.
extension JSONNode {
    /// Sets `key` to `child`, replacing (in place, keeping the key's position) any value the key
    /// already had.
    func setReplacing(_ key: String, _ child: JSONNode) {
        var key = key
        key.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                _ = json_object_setn_new_nocheck(raw, chars.baseAddress ?? emptyCString, chars.count, child.raw)
            }
        }
    }

    /// Replaces the element at `index`, which must exist.
    func replaceElement(at index: Int, with child: JSONNode) {
        _ = json_array_set_new(raw, index, child.raw)
    }

    /// A new container holding the same children (each with one more reference), so that
    /// writing into the copy never changes a tree another document shares. nil only when
    /// memory runs out.
    func shallowCopy() -> JSONNode? {
        json_copy(raw).map(JSONNode.init)
    }
}
