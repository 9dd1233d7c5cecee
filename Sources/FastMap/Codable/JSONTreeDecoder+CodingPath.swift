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
