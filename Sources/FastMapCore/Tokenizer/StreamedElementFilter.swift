/// How a streamed element's tree was filtered (built by a sparse schema, see
/// ``StreamingParser/filter(by:)``) and the element's text, so that a decode the filtered tree
/// cannot answer for sure can build the element again in full.
///
/// The text is shared by the elements of one drain of the parser (one copy per batch, not per
/// element); the input chunks it came from may be long gone.
package struct StreamedElementFilter: Sendable {
    /// The schema the element's tree was built with (its containers' marks index it).
    package let schema: JSONSparseSchema
    let text: [UInt8]
    let range: Range<Int>
    /// The nesting the element may have (the stream's limit less the path and the array).
    let elementDepth: Int

    /// The element's full tree: its text parsed again, with the same rules (and the same kept
    /// texts of exceptional reals) as a stream without a schema builds it.
    /// - Throws: ``FastMapError`` when the text does not give an element (never for an element
    ///   that was built filtered, since the filter skips no check).
    package func fullTree() throws(FastMapError) -> JSON {
        let parser = try StreamingParser(
            mode: .array(.root), maximumDepth: elementDepth == .max ? .max : elementDepth + 1)
        var elements: [StreamedElement] = []
        let opening: [UInt8] = [UInt8(ascii: "[")]
        JSONInput.with(opening) { input in _ = parser.feed(input, into: &elements) }
        JSONInput.with(text[range]) { input in
            var offset = 0
            while offset < input.count, elements.isEmpty, parser.failure == nil {
                offset += parser.feed(input.dropFirst(offset), into: &elements)
            }
        }
        switch elements.first?.payload {
        case .value(let json):
            return json
        case .failure(let error):
            throw error
        case nil:
            throw FastMapError(kind: .syntax, message: "the element's text did not give an element")
        }
    }
}

/// The input bytes of the elements a filtering ``StreamingParser`` has not handed out yet, from
/// the first byte any of them may start at.
struct StreamedTextKeeper {
    /// Bytes from `start` (absolute) up to what the parser has taken.
    private var pending: [UInt8] = []
    private var start: Int

    init(from offset: Int) { start = offset }

    /// Takes the bytes a feed consumed (from absolute `feedStart`) and, for the elements it
    /// completed (absolute start `offsets`, in order), returns one buffer holding the text of
    /// all of them and where it starts; elements that start before the bytes kept (only a
    /// scalar can: a token the previous feed split, read before filtering began) get none.
    mutating func take(
        _ consumed: UnsafeRawBufferPointer, feedStart: Int, offsets: [Int]
    ) -> (text: [UInt8], start: Int)? {
        if pending.isEmpty { start = feedStart }
        guard let first = offsets.first, let last = offsets.last else {
            pending.append(contentsOf: consumed)
            return nil
        }
        let from = max(first, start)
        var text: [UInt8] = []
        text.reserveCapacity(max(0, feedStart - from) + consumed.count)
        if from < feedStart { text.append(contentsOf: pending[(from - start)...]) }
        text.append(contentsOf: consumed[max(0, from - feedStart)...])
        // The next element starts after the last one's first byte.
        let keepFrom = min(last + 1, from + text.count)
        pending = Array(text[(keepFrom - from)...])
        start = keepFrom
        return (text, from)
    }
}
