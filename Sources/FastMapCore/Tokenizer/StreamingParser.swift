internal import CFastMap

/// The Swift face of `fm_stream`: bytes go in chunk by chunk, elements come out as `JSON`
/// values, each owning its own small tree.
///
/// Not thread-safe: one thread (or one task) drives a parser at a time. It may move between
/// threads between calls, which is what the two-thread pipeline does.
///
/// `@unchecked Sendable`: only so that it can be handed to the producer thread; it is never
/// used from two threads at once (see above).
package final class StreamingParser: @unchecked Sendable {
    let stream: OpaquePointer
    package let mode: StreamingMode
    private let maximumDepth: Int
    package private(set) var failure: StreamingStop?
    /// The document the latest elements live in. Holding it keeps it alive while the C side may
    /// still build elements in it; each element's `JSONDocument` holds it too.
    private var arena: JSONArena?
    /// The nesting an element may have (array mode: the limit less the path and the array).
    private let elementDepth: Int
    /// Where ``filter(by:)`` takes the schema from, asked before each feed.
    var schemaSource: (@Sendable () -> JSONSparseSchema?)?
    /// The schema the builder filters with now (every element that starts in the next feed
    /// gets it), and the text of its elements for their full trees.
    var schema: JSONSparseSchema?
    var texts = StreamedTextKeeper(from: 0)

    /// - Parameter usesArenas: kept for its callers: the elements of each stretch of input always
    ///   share one document.
    /// - Throws: ``FastMapError`` of kind `outOfMemory`.
    /// - Parameter memoryLimit: the most bytes of tree one element may take (nil: no limit).
    /// - Parameter parser: `.simdjson` reads runs of whole array elements (or lines) with
    ///   simdjson's tokenizer (yajl reads the rest and reports every error: the elements and
    ///   errors are the same); any other engine reads everything with yajl.
    package init(
        mode: StreamingMode, maximumDepth: Int, memoryLimit: Int? = nil, usesArenas: Bool = true,
        parser: JSONParser = .simdjson
    ) throws(FastMapError) {
        self.mode = mode
        self.maximumDepth = max(0, maximumDepth)
        // As fm_stream_create counts it (any limit, Int.min to Int.max, is taken).
        let around = mode.isLines ? 0 : mode.path.components.count + 1
        elementDepth = self.maximumDepth > around ? self.maximumDepth - around : 0
        var keys: [[CChar]] = []
        var steps: [fm_stream_step] = []
        if case .array(let path) = mode {
            for component in path.components {
                switch component {
                case .key(let key):
                    keys.append(Array(key.utf8CString.dropLast()))
                    steps.append(fm_stream_step(key: nil, key_length: 0, index: 0, is_index: 0))
                case .index(let index):
                    keys.append([])
                    steps.append(fm_stream_step(key: nil, key_length: 0, index: max(0, index), is_index: 1))
                }
            }
        }
        let cMode = mode.isLines ? Int32(FM_STREAM_LINES.rawValue) : Int32(FM_STREAM_ARRAY.rawValue)
        let depth = max(0, maximumDepth)
        // fm_stream_create copies the keys, so pointers into `keys` only need to live for the call.
        let created = Self.withKeyPointers(keys, steps: steps) { steps in
            fm_stream_create(cMode, steps.baseAddress, steps.count, depth)
        }
        guard let created else {
            throw FastMapError(kind: .outOfMemory, message: "out of memory while starting a stream")
        }
        stream = created
        if let memoryLimit { fm_stream_set_memory_limit(created, max(0, memoryLimit)) }
        fm_stream_use_simdjson(created, parser == .simdjson ? 1 : 0)
    }

    deinit {
        fm_stream_free(stream)
    }

    private static func withKeyPointers<R>(
        _ keys: [[CChar]], steps: [fm_stream_step], _ body: (UnsafeBufferPointer<fm_stream_step>) -> R
    ) -> R {
        var steps = steps
        func bind(_ index: Int) -> R {
            guard index < keys.count else { return steps.withUnsafeBufferPointer(body) }
            return keys[index].withUnsafeBufferPointer { key in
                if steps[index].is_index == 0 {
                    steps[index].key = key.baseAddress ?? emptyCString
                    steps[index].key_length = key.count
                }
                return bind(index + 1)
            }
        }
        return bind(0)
    }

    /// Bytes taken so far.
    package var bytesRead: Int { fm_stream_bytes_read(stream) }

    /// How many of the elements read so far simdjson's tokenizer read (the rest were yajl's).
    package var elementsReadBySimdjson: Int { fm_stream_window_elements(stream) }

    /// Parses the start of `bytes`, appending finished elements to `elements`. Returns how
    /// many bytes were used: a call stops once a batch of elements is ready, so the caller
    /// loops until every byte is used (or ``failure`` is set).
    package func feed(_ input: JSONInput, into elements: inout [StreamedElement]) -> Int {
        let bytes = input.bytes
        guard failure == nil else { return bytes.count }
        if schemaSource != nil { updateSchema() }
        let feedStart = bytesRead
        var consumed = 0
        let status = fm_stream_feed(
            stream,
            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                ?? UnsafeRawPointer(emptyCString)
                .assumingMemoryBound(to: UInt8.self), bytes.count, &consumed)
        drain(into: &elements, consumed: UnsafeRawBufferPointer(rebasing: bytes[..<consumed]), feedStart: feedStart)
        if status != 0 { recordFailure() }
        return consumed
    }

    /// Ends the input: parses what was held back (a last number, a last line) and checks that
    /// the document is complete.
    package func finish(into elements: inout [StreamedElement]) {
        guard failure == nil else { return }
        let feedStart = bytesRead
        let status = fm_stream_finish(stream)
        drain(into: &elements, consumed: UnsafeRawBufferPointer(start: nil, count: 0), feedStart: feedStart)
        if status != 0 { recordFailure() }
    }

    private func drain(into elements: inout [StreamedElement], consumed: UnsafeRawBufferPointer, feedStart: Int) {
        let count = fm_stream_item_count(stream)
        let items = fm_stream_items(stream)
        var kept: (text: [UInt8], start: Int)? = nil
        if schema != nil {
            let offsets = items.map { items in (0..<count).map { items[$0].offset } } ?? []
            kept = texts.take(consumed, feedStart: feedStart, offsets: offsets)
        }
        guard count > 0, let items else { return }
        elements.reserveCapacity(elements.count + count)
        for position in 0..<count {
            let item = items[position]
            var filter: StreamedElementFilter? = nil
            if let schema, let kept, item.root != nil, item.offset >= kept.start {
                let end = position + 1 < count ? items[position + 1].offset : kept.start + kept.text.count
                filter = StreamedElementFilter(
                    schema: schema, text: kept.text, range: (item.offset - kept.start)..<(end - kept.start),
                    elementDepth: elementDepth)
            }
            let payload: StreamedElement.Payload
            if let root = item.root {
                if let raw = item.doc, arena?.raw != raw { arena = JSONArena(adopting: raw) }
                let document = JSONDocument(root: JSONNode(root), depth: maximumDepth, arena: arena)
                payload = .value(JSON(document: document))
            } else {
                let error = withUnsafePointer(to: item) { fm_stream_item_error(stream, $0) }
                payload = .failure(error.map { FastMapError(parseError: $0.pointee) } ?? Self.unknownFailure)
            }
            elements.append(
                StreamedElement(
                    index: item.index, offset: item.offset, line: item.line, column: item.column,
                    payload: payload, filter: filter))
        }
        fm_stream_clear(stream)
    }

    private static let unknownFailure = FastMapError(kind: .syntax, message: "the element could not be read")

    private func recordFailure() {
        guard let info = fm_stream_failure_info(stream)?.pointee else { return }
        let error = info.error
        let location = FastMapError.SourceLocation(parseError: error)
        let reason: StreamingStop.Reason
        switch Int32(error.kind) {
        case Int32(FM_ERROR_PATH_NOT_FOUND.rawValue):
            reason = .pathNotFound(step: info.step, count: info.found_count)
        case Int32(FM_ERROR_WRONG_KIND.rawValue):
            reason = .wrongKind(step: info.step, found: JSONNode.kind(ofTypeTag: info.found))
        case Int32(FM_ERROR_TRUNCATED.rawValue):
            reason = .truncated
        case Int32(FM_ERROR_TRAILING_DATA.rawValue):
            reason = .trailingData
        default:
            reason = .invalid(FastMapError(parseError: error))
        }
        failure = StreamingStop(
            reason: reason, message: FastMapError(parseError: error).message, location: location,
            elementsRead: info.elements)
    }
}
