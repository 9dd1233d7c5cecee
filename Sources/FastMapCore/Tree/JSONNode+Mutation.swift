internal import CJansson

/// Writing into containers a builder owns (members are replaced with `replaceMember`). Every
/// call takes over the caller's reference to `child`, as `append` and `setFirst` do.
extension JSONNode {
    /// Replaces the element at `index`, which must exist.
    package func replaceElement(at index: Int, with child: JSONNode) {
        _ = json_array_set_new(raw, index, child.raw)
    }

    /// A new container holding the same children (each with one more reference), so that
    /// writing into the copy never changes a tree another document shares. nil only when
    /// memory runs out.
    package func shallowCopy() -> JSONNode? {
        json_copy(raw).map(JSONNode.init)
    }
}
