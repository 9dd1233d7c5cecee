/// The decoder's coding path as a stack. Array indices are plain integers and keys sit in a
/// side array, so entering an array element pushes an `Int` and copies no existential.
package struct CodingPathStack {
    /// An index, or `-1` for the next entry of `keys`.
    private var entries: [Int] = []
    private var keys: [any CodingKey] = []

    package init(_ components: [CodingPathComponent] = []) {
        entries.reserveCapacity(max(16, components.count))
        for component in components { push(component) }
    }

    package var count: Int { entries.count }

    @inline(__always)
    package mutating func push(_ component: CodingPathComponent?) {
        switch component {
        case .index(let index)?:
            entries.append(index)
        case .key(let key)?:
            entries.append(-1)
            keys.append(key)
        case nil:
            break
        }
    }

    /// Pushes an array index: the element steps, which need no `CodingPathComponent` (whose
    /// optional, holding an existential, is copied and destroyed through value witnesses).
    @inline(__always)
    package mutating func push(index: Int) {
        entries.append(index)
    }

    /// Pushes the steps of `chain`, root first: a streamed element's decoder starts at the
    /// array's path.
    package mutating func push(chain: CodingPathNode?) {
        guard let chain else { return }
        push(chain: chain.parent)
        push(chain.component)
    }

    @inline(__always)
    package mutating func pop(to count: Int) {
        while entries.count > count {
            if entries.removeLast() < 0 { keys.removeLast() }
        }
    }

    /// The first `count` components.
    package func prefix(_ count: Int) -> [CodingPathComponent] {
        var result: [CodingPathComponent] = []
        result.reserveCapacity(count)
        var keyIndex = 0
        for entry in entries.prefix(count) {
            if entry < 0 {
                result.append(.key(keys[keyIndex]))
                keyIndex += 1
            } else {
                result.append(.index(entry))
            }
        }
        return result
    }

    package var components: [CodingPathComponent] { prefix(count) }
}
