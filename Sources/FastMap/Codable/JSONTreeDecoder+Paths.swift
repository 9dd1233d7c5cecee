@_spi(FastMapCore) import FastMapCore

/// Nested `@Key` paths (`"address.zipCode"`, `"a.b[0]"`), walked on the tree for the model
/// readers (`JSONModelReader`, `JSONObjectReader`): one lookup per step, no container for the
/// levels passed, and a coding path put together only when a step fails.
extension JSONTreeDecoder {
    /// The value at `steps` below `object` (whose path is the decoder's stack followed by
    /// `tail`), or nil when `required` is false and a step is missing or `null`.
    ///
    /// The steps passed are pushed on the coding path while the value decodes, so a failure
    /// inside it (or inside a nested model) reports its full path, and popped afterwards. A
    /// missing key throws `keyNotFound`, a missing index `keyNotFound` with the index's key, a
    /// `null` on the way `valueNotFound`, a step of the wrong kind `typeMismatch`.
    package func decode<Value: Decodable>(
        _ type: Value.Type, along steps: [CodingPathComponent], from object: JSONNode, tail: CodingPathNode?,
        required: Bool
    ) throws -> Value? {
        guard !steps.isEmpty else {
            // Only a hand-written call can pass no steps: the macro rejects an empty @Key.
            throw CodingErrors.dataCorrupted(
                at: codingPath(CodingPathReference(depth: path.count, tail: tail)),
                "A key path needs at least one step.")
        }
        let savedCount = path.count
        defer { path.pop(to: savedCount) }
        if let tail {
            for component in tail.components { path.push(component) }
        }
        var current = object
        for (position, step) in steps.enumerated() {
            let here = currentPath
            let found: JSONNode?
            switch step {
            case .key(let key):
                guard current.isObject else {
                    throw containerMismatch([String: Any].self, node: current, at: here, nil)
                }
                // Through the decoder: a sparsely built tree must know of every key read.
                found = member(key.stringValue, of: current)
                if found == nil && required { throw keyNotFound(key, in: current, at: here) }
            case .index(let index):
                guard current.isArray else { throw containerMismatch([Any].self, node: current, at: here, nil) }
                found = current.element(at: index)
                if found == nil && required {
                    throw CodingErrors.keyNotFound(
                        FastCodingKey(index: index), at: codingPath(here),
                        "Index \(index) is out of range: the array has \(current.arrayCount) elements.")
                }
            }
            guard let next = found else { return nil }
            if position == steps.count - 1 {
                if next.isNull && !required { return nil }
                return try unwrap(next, as: type, at: here, step)
            }
            if next.isNull {
                if !required { return nil }
                let expected: Any.Type =
                    if case .index = steps[position + 1] { [Any].self } else { [String: Any].self }
                throw containerMismatch(expected, node: next, at: here, step)
            }
            path.push(step)
            current = next
        }
        return nil
    }
}
