/// What a stream reads: the elements of one array, or the values of newline-delimited JSON.
package enum StreamingMode: Sendable, Hashable {
    /// The elements of the array at this path (the top-level array for the empty path).
    case array(JSONKeyPath)
    /// One value per line; blank lines are skipped.
    case lines

    package var isLines: Bool { self == .lines }

    /// The array's path (empty for lines).
    package var path: JSONKeyPath {
        if case .array(let path) = self { return path }
        return .root
    }
}

/// One element read from a stream, with where it starts in the input.
package struct StreamedElement: Sendable {
    package enum Payload: Sendable {
        case value(JSON)
        /// The element's text is grammatical but breaks a rule (invalid UTF-8, a lone
        /// surrogate, a number out of range, nesting too deep), or, for lines, is not JSON.
        indirect case failure(FastMapError)
    }

    /// 0-based position among the elements (for lines: among the non-blank lines).
    package let index: Int
    /// Byte offset of the element's first byte from the start of the input.
    package let offset: Int
    /// 1-based line of the element's first byte.
    package let line: Int
    /// 1-based column (in bytes) of the element's first byte.
    package let column: Int
    package let payload: Payload
    /// Set when the element's tree was built by a sparse schema (``StreamingParser/filter(by:)``).
    package let filter: StreamedElementFilter?

    package init(
        index: Int, offset: Int, line: Int, column: Int, payload: Payload, filter: StreamedElementFilter? = nil
    ) {
        self.index = index
        self.offset = offset
        self.line = line
        self.column = column
        self.payload = payload
        self.filter = filter
    }

    /// The element's tree in full: its text parsed again when a schema filtered it (see
    /// ``StreamedElementFilter/fullTree()``), its value otherwise.
    /// - Throws: the element's ``FastMapError`` when it has no value.
    package func fullTree() throws(FastMapError) -> JSON {
        if let filter { return try filter.fullTree() }
        switch payload {
        case .value(let json): return json
        case .failure(let error): throw error
        }
    }
}

/// Why a stream stopped before its end: the input is not (or no longer) the expected document.
/// The elements read before the stop were all handed out.
package struct StreamingStop: Error, Sendable {
    package enum Reason: Sendable {
        /// The path component at `step` is missing (`count`: the elements of the array that
        /// lacked the index).
        case pathNotFound(step: Int, count: Int)
        /// The value after `step` path components is not the container the path needs (or,
        /// when `step` is the whole path, not an array).
        case wrongKind(step: Int, found: JSON.Kind)
        /// The input ended inside the document.
        case truncated
        /// More text follows the end of the document.
        case trailingData
        /// Malformed JSON, or a rule broken outside the elements.
        case invalid(FastMapError)
    }

    package let reason: Reason
    package let message: String
    package let location: FastMapError.SourceLocation
    /// Elements read before the stop.
    package let elementsRead: Int

    /// Whether the stop rejects the text itself (malformed, cut short, more after the
    /// document, a rule broken), which a parse of the whole document then rejects too, in yajl's
    /// words; false for a path the document lacks, which only the whole tree can tell apart from
    /// a decoding error, and for memory running out.
    package var rejectsText: Bool {
        switch reason {
        case .truncated, .trailingData: true
        case .invalid(let error): error.kind != .outOfMemory
        case .pathNotFound, .wrongKind: false
        }
    }

    /// The stop as a ``FastMapError`` naming the path of the array being streamed.
    package func error(streaming mode: StreamingMode) -> FastMapError {
        let components = mode.path.components
        switch reason {
        case .pathNotFound(let step, let count):
            let component = components[step]
            var key: String? = nil
            let message: String
            switch component {
            case .key(let name):
                key = name
                message = "no value for key \"\(name)\""
            case .index(let index):
                message = "index \(index) is out of bounds (count \(count))"
            }
            return FastMapError(
                kind: .keyNotFound, message: message, path: Array(components[...step]), key: key,
                location: location)
        case .wrongKind(let step, let found):
            let walked = Array(components[..<step])
            if step == components.count {
                return FastMapError(
                    kind: .typeMismatch,
                    message:
                        "expected an array to stream at \(JSONKeyPath.rootedDescription(of: walked)), found \(found)",
                    path: walked, expectedType: "array", foundKind: found, location: location)
            }
            let component = components[step]
            let container = if case .key = component { "object" } else { "array" }
            return FastMapError(
                kind: .typeMismatch, message: "cannot look up \(component) in \(found)", path: walked,
                expectedType: container, foundKind: found, location: location)
        case .truncated:
            let what = mode.isLines ? "values" : "elements"
            return FastMapError(
                kind: .syntax, message: "\(message) (after \(elementsRead) \(what))", location: location)
        case .trailingData:
            return FastMapError(kind: .syntax, message: message, location: location)
        case .invalid(let error):
            return error
        }
    }
}

extension Array where Element == StreamedElement {
    /// Hands `body` each element in order, moved out of the array rather than copied, and leaves
    /// the array empty with its capacity. A `for` loop copies each element, which retains its
    /// tree, schema and text, and then releases them twice (once for the copy, once when the
    /// array is emptied): 5% of the 2-of-6-keys whole-document decode. If `body` throws, the
    /// elements after the one that failed are dropped.
    package mutating func takeEachInOrder(_ body: (StreamedElement) throws -> Void) rethrows {
        defer { removeAll(keepingCapacity: true) }
        // Reversed by moving (a buffer's swaps move), so that `popLast` moves them out in order.
        withUnsafeMutableBufferPointer { $0.reverse() }
        while let element = popLast() { try body(element) }
    }
}
