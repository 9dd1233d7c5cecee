extension JSONSparseShape {
    /// How many of the values of the tree at `node` a parse under this shape would build, and how
    /// many there are: what a filtered parse of a document like this one would save. Positions
    /// nested deeper than `depthLimit` count as one value each (the walk stays shallow).
    package func coverage(of node: JSONNode, depthLimit: Int = 128) -> (kept: Int, total: Int) {
        var kept = 0
        var total = 0
        count(node, shape: self, depth: 0, depthLimit: depthLimit, kept: &kept, total: &total)
        return (kept, total)
    }

    private func count(
        _ node: JSONNode, shape: JSONSparseShape?, depth: Int, depthLimit: Int, kept: inout Int, total: inout Int
    ) {
        total += 1
        // A member outside the shape is skipped (nil); everything else is built.
        let keepsAll = shape?.keepsAll ?? false
        if shape != nil { kept += 1 }
        guard depth < depthLimit else { return }
        if node.isObject {
            node.forEachMember { key, value in
                let member: JSONSparseShape? =
                    keepsAll ? shape : shape?.memberShape(String(decoding: key, as: UTF8.self))
                count(value, shape: member, depth: depth + 1, depthLimit: depthLimit, kept: &kept, total: &total)
            }
        } else if node.isArray {
            // Elements are built even when nobody read them (as empty containers).
            let element: JSONSparseShape? = shape.map { keepsAll ? $0 : ($0.element ?? JSONSparseShape()) }
            for child in node.elements {
                count(child, shape: element, depth: depth + 1, depthLimit: depthLimit, kept: &kept, total: &total)
            }
        }
    }
}
