internal import CFastMap
internal import CJansson

/// Exchanging values with C code that uses jansson (`json_t *`), through jansson's public API.
///
/// FastMap changes none of jansson's process-wide settings: the `json_t` values it makes come
/// from the allocation functions the program gave jansson, and a value
/// taken from C is copied, so the C side keeps its reference and may change or free the
/// original afterwards.
extension JSON {
    /// A copy of a jansson value, which stays the caller's (its reference count is unchanged).
    ///
    /// ```swift
    /// let value = try JSON(janssonValue: OpaquePointer(pointerFromC))
    /// ```
    /// - Parameter janssonValue: a `json_t *`.
    /// - Throws: ``FastMapError`` (`invalidValue`) for a real that is not finite, which JSON
    ///   cannot hold, and for a string or key that is not valid UTF-8 (jansson's `_nocheck`
    ///   constructors take any bytes); (`outOfMemory`) when memory runs out.
    public init(janssonValue: OpaquePointer) throws(FastMapError) {
        let json = UnsafePointer<json_t>(janssonValue)
        guard let (arena, writer) = JSONArena.makeWithWriter() else {
            throw FastMapError(kind: .outOfMemory, message: "out of memory while copying a jansson value")
        }
        defer { fm_writer_free(writer) }
        let status = fm_jansson_write(json, writer)
        guard status == FM_JANSSON_OK, let root = fm_writer_take_root(writer) else {
            if status == FM_JANSSON_INVALID {
                throw FastMapError(
                    kind: .invalidValue, message: "the jansson value holds a real that is not finite",
                    expectedType: "finite number")
            }
            if status == FM_JANSSON_INVALID_UTF8 {
                throw FastMapError(
                    kind: .invalidValue, message: "the jansson value holds a string or key that is not valid UTF-8",
                    expectedType: "UTF-8 text")
            }
            throw FastMapError(kind: .outOfMemory, message: "out of memory while copying a jansson value")
        }
        let node = JSONNode(root)
        self.init(document: JSONDocument(root: node, depth: Self.depth(of: node), arena: arena))
    }

    /// A new jansson value holding a copy of this one. The caller owns its one reference and
    /// releases it with `json_decref`.
    ///
    /// jansson has no unsigned or wider integers: a value holding an integer above `Int64.max`
    /// or beyond 64 bits (or a JSON5 `Infinity` or `NaN`) throws rather than change it. Reals
    /// become jansson reals holding their double.
    /// - Throws: ``FastMapError`` (`numberOutOfRange`) naming the path of such a number;
    ///   (`outOfMemory`) when memory runs out.
    public func makeJanssonValue() throws(FastMapError) -> OpaquePointer {
        var status = FM_JANSSON_OK
        var failedAt: UnsafePointer<fm_cell>? = nil
        if let made = fm_jansson_from_cell(node.cell, &status, &failedAt) { return OpaquePointer(made) }
        if status == FM_JANSSON_NUMBER_RANGE, let failedAt {
            let path = Self.path(to: JSONNode(failedAt), in: node)
            let found = JSON(document: document, node: JSONNode(failedAt))
            throw FastMapError(
                kind: .numberOutOfRange,
                message:
                    "\(found.snippet()) has no jansson form (jansson keeps integers within Int64 and finite reals)",
                path: path, expectedType: "Int64 or finite Double")
        }
        throw FastMapError(kind: .outOfMemory, message: "out of memory while making a jansson value")
    }

    /// The path from `root` to `target`, a node below it.
    private static func path(to target: JSONNode, in root: JSONNode) -> [JSONKeyPath.Component] {
        var path: [JSONKeyPath.Component] = []
        var current = root
        while current != target {
            var found = false
            if current.isObject {
                current.forEachNamedMember { key, value in
                    guard !found, value.address <= target.address, target.address < value.next.address else { return }
                    path.append(.key(key))
                    current = value
                    found = true
                }
            } else if current.isArray {
                var index = 0
                current.forEachElement { element in
                    if !found, element.address <= target.address, target.address < element.next.address {
                        path.append(.index(index))
                        current = element
                        found = true
                    }
                    index += 1
                }
            }
            if !found { break }
        }
        return path
    }

    /// How deeply a value nests (0 for a scalar), walking its cells once.
    private static func depth(of root: JSONNode) -> Int {
        var deepest = 0
        var ends: [UnsafeRawPointer] = []
        var cell = root.address
        let end = root.next.address
        while cell < end {
            while let last = ends.last, last <= cell { ends.removeLast() }
            let node = JSONNode(address: cell)
            if node.isObject || node.isArray {
                ends.append(node.next.address)
                deepest = max(deepest, ends.count)
            }
            cell = node.after.address
        }
        return deepest
    }
}
