/// One step of a coding path as the decoder records it. Indices stay plain integers so that
/// decoding an array element costs no key object; `CodingKey`s are only made for errors.
package enum CodingPathComponent {
    case key(any CodingKey)
    case index(Int)

    package var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): FastCodingKey(index: index)
        }
    }

    package var keyPathComponent: JSONKeyPath.Component {
        switch self {
        case .key(let key): .key(key.stringValue)
        case .index(let index): .index(index)
        }
    }
}

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

/// Where a container sits: the first `depth` components of its decoder's path stack, followed by
/// `tail` for containers made by `nestedContainer` (which add a step without decoding a value).
///
/// A container is used while the `init(from:)` that made it runs, and during that time the
/// stack below `depth` cannot change; so the path is known without copying it anywhere.
package struct CodingPathReference {
    package var depth: Int
    package var tail: CodingPathTail?

    package init(depth: Int, tail: CodingPathTail?) {
        self.depth = depth
        self.tail = tail
    }

    package func appending(_ component: CodingPathComponent) -> CodingPathReference {
        CodingPathReference(depth: depth, tail: CodingPathTail(parent: tail, component: component))
    }
}

/// The extra steps of nested containers, newest last. Only `nestedContainer` calls allocate one.
package final class CodingPathTail {
    package let parent: CodingPathTail?
    package let component: CodingPathComponent

    package init(parent: CodingPathTail?, component: CodingPathComponent) {
        self.parent = parent
        self.component = component
    }

    /// The steps from the oldest to this one.
    package var components: [CodingPathComponent] {
        var result: [CodingPathComponent] = []
        var current: CodingPathTail? = self
        while let link = current {
            result.append(link.component)
            current = link.parent
        }
        return result.reversed()
    }
}

/// The coding keys the decoder makes itself: array indices (spelled `Index n` like
/// Foundation's), `super`, and keys read from the document.
package struct FastCodingKey: CodingKey, Sendable {
    package let stringValue: String
    package let intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    package init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// A key of a `[String: T]` member, as the standard library's `_DictionaryCodingKey` makes
    /// it: with an integer value when the text reads as one (`"03"` is 3).
    package init(dictionaryKey: String) {
        self.stringValue = dictionaryKey
        self.intValue = Int(dictionaryKey)
    }

    package init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    package static let `super` = FastCodingKey(stringValue: "super")
}

extension JSONTreeDecoder {
    /// The components of `reference` followed by `step`.
    package func components(_ reference: CodingPathReference, _ step: CodingPathComponent?) -> [CodingPathComponent] {
        // A container that escaped its init(from:) may point past the current stack; keep what
        // is still there rather than trapping.
        var result = path.prefix(min(reference.depth, path.count))
        if let tail = reference.tail { result += tail.components }
        if let step { result.append(step) }
        return result
    }

    package func codingPath(_ reference: CodingPathReference, _ step: CodingPathComponent? = nil) -> [any CodingKey] {
        components(reference, step).map(\.codingKey)
    }

    /// The path of the decoder itself: where the enclosing `init(from:)` runs.
    package var currentPath: CodingPathReference { CodingPathReference(depth: path.count, tail: nil) }
}
