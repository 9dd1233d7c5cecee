internal import CJansson

/// Changing a tree while it is being built (the `JSONCodable` encoder places values at key
/// paths, filling array slots reserved with `null`).
extension JSONNode {
    /// Puts `child` at `index`, which must be inside the array, taking over the caller's
    /// reference to it and releasing the element it replaces.
    func replaceElement(at index: Int, with child: JSONNode) {
        _ = json_array_set_new(raw, index, child.raw)
    }
}
