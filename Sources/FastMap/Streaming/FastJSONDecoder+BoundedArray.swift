@_spi(FastMapCore) import FastMapCore
import Foundation

/// `[Element]` read from an array of a large document (the top-level one, or the one at the key
/// path the call names) one element at a time (issue #17): the streaming parser builds each
/// element's tree, the element is decoded and its tree
/// freed, so only the trees of about one slice of text are alive at once instead of the whole
/// document's (a 190 MB record array took 1.9 GB as one tree, about twice `JSONDecoder`'s peak).
///
/// The same values and errors as decoding the whole tree, by construction: the elements are
/// decoded with the same settings and coding paths (`Index 3`, or `data`, `Index 3` under a key
/// path) on the calling thread, each once, as `JSONDecoder` decodes them. An element that does
/// not decode ends the decoding; the rest of the text is still read, and when all of it is
/// valid JSON that element's error is thrown, as the whole tree's decode throws it. When the
/// streaming parser rejects the text (malformed, cut short, more after the document), the
/// result is dropped and yajl reads the text once more for the whole document's parse error.
/// When it stops for anything else (an element FastMap refuses, a path the document lacks),
/// the document is decoded again as one tree, which then throws exactly the whole-document
/// error (or succeeds where only the streaming parser objected).
package protocol BoundedArrayDecodable {
    /// - Throws: the error of the first element that does not decode, in a document whose text
    ///   is valid JSON.
    static func decodeElementByElement(
        _ decoder: FastJSONDecoder, input: JSONInput, at path: JSONKeyPath,
        options: FastJSONDecoder.Options
    ) throws -> ElementByElementOutcome<Self>
}

/// What reading an array element by element decided.
package enum ElementByElementOutcome<Array> {
    /// Every element decoded.
    case decoded(Array)
    /// The streaming parser rejected the text (``StreamingStop/rejectsText``): the decode throws
    /// the whole document's parse error, read once by yajl as given
    /// (`JSONDocument.rejection(of:maximumDepth:allowsTrailingCommas:)`). The decoder's engine
    /// would reject it too and only then hand it to yajl (simdjson), or read it compacted first
    /// (yajl): a third read of a malformed text.
    case rejected
    /// Something only the whole tree decides: an element FastMap refuses, a path the document
    /// lacks.
    case undecided
}

extension Array: BoundedArrayDecodable where Element: Decodable {
    package static func decodeElementByElement(
        _ decoder: FastJSONDecoder, input: JSONInput, at path: JSONKeyPath,
        options: FastJSONDecoder.Options
    ) throws -> ElementByElementOutcome<Self> {
        try decoder.decodeArrayElementByElement(Element.self, input: input, at: path, options: options)
    }
}

extension FastJSONDecoder {
    /// Makes room in `result` for the elements the rest of the text likely holds, at the rate of
    /// the text read so far, growing the capacity at most fourfold at a time. Doubling as
    /// elements arrive copies everything decoded so far about eight times for a large array,
    /// each time into fresh pages (and holds the old buffer beside the new one); uniform
    /// records reach their final capacity in a few steps while the array is still small.
    /// Elements larger than the estimate only leave capacity unused (reserved, not resident).
    static func reserve<Element>(_ result: inout [Element], forTextLeft left: Int, after read: Int) {
        guard !result.isEmpty, read > 0, left > 0 else { return }
        let estimate = result.count + Int((Double(result.count) / Double(read) * Double(left)).rounded(.up))
        guard estimate > result.capacity else { return }
        let (fourfold, overflow) = result.capacity.multipliedReportingOverflow(by: 4)
        result.reserveCapacity(min(estimate + estimate / 32, overflow ? Int.max : fourfold))
    }

    /// The bytes handed to the streaming parser at a time: they bound the element trees alive
    /// at once (an element larger than this is held whole, as it must be).
    static let elementByElementSlice = 1 << 20

    /// Whether a document of `count` bytes decoded as `T` with `options` is read element by
    /// element: a large document (whatever part of it the array at the call's path is), with no
    /// setting whose meaning depends on the whole tree (a memory budget is per document, per
    /// element when streaming; JSON5 and brace-less objects are translated first; a front end's
    /// hook and dropped array elements decide per tree; a report collects over one tree).
    ///
    /// Sparse decoding does not keep the tree either: the streaming parser builds each element
    /// with only what the element type reads (ElementDecoding+Sparse.swift), learned from the
    /// call's first element. Measured on the 2-of-6-keys records (`StreamingBench`, one decode
    /// per process), 20 MB: 0.43–0.49 s CPU and 47 MB element by element against 0.85–1.0 s and
    /// 215 MB as one tree (which a process's first decode of the type builds in full, to learn).
    func readsElementByElement<T>(_ type: T.Type, _ count: Int, at path: JSONKeyPath?, options: Options) -> Bool {
        count >= options.elementByElementThreshold && options.memoryLimit == nil && !options.allowsJSON5
            && !options.assumesTopLevelDictionary && options.hook == nil
            && !options.lossyCoercions.contains(.skipInvalidArrayElements)
    }

    /// `T` read element by element, for a call ``readsElementByElement(_:_:at:options:)``
    /// accepts; nil when `T` is no array, or when the whole tree decides.
    /// - Throws: the first element's error, as ``decodeArrayElementByElement(_:input:at:options:)``
    ///   throws it, or the whole document's parse error when the streaming parser rejected the
    ///   text (``ElementByElementOutcome/rejected``).
    func decodeElementByElement<T>(
        _ type: T.Type, input: JSONInput, at path: JSONKeyPath?, options: Options
    ) throws -> T? {
        guard let arrayType = T.self as? any BoundedArrayDecodable.Type else { return nil }
        // `A` is `T`, opened: its outcome is `T`'s.
        func elements<A: BoundedArrayDecodable>(_ arrayType: A.Type) throws -> ElementByElementOutcome<T> {
            identityCast(
                try A.decodeElementByElement(self, input: input, at: path ?? .root, options: options),
                to: ElementByElementOutcome<T>.self)
        }
        switch try elements(arrayType) {
        case .decoded(let array): return array
        case .rejected:
            try JSONInput.withUTF8(input, invalid: DecodingError.invalidJSON) { utf8 in
                let error = JSONDocument.rejection(
                    of: utf8, maximumDepth: options.maximumDepth, allowsTrailingCommas: options.allowsTrailingCommas)
                if let error { throw DecodingError.invalidJSON(error) }
            }
            return nil
        case .undecided: return nil
        }
    }

    /// Decodes the elements of the array at `path` (`.root`: the top-level array) one at a time,
    /// or says why the whole tree must be decoded instead. The streaming parser still reads and
    /// checks the whole document, and takes the first of duplicate keys on the path, as the tree
    /// does.
    /// - Throws: the error of the first element that does not decode, once the rest of the text
    ///   has been read and found valid.
    ///
    /// The streaming parser is strict: when the decoder allows trailing commas, it reads the
    /// text with them blanked (``JSONInput/withTrailingCommasBlanked(_:)``), as the
    /// whole-document parse does, instead of refusing the text and leaving every element it
    /// decoded to be decoded again from the whole tree.
    func decodeArrayElementByElement<Element: Decodable>(
        _ type: Element.Type, input: JSONInput, at path: JSONKeyPath, options: Options
    ) throws -> ElementByElementOutcome<[Element]> {
        guard options.allowsTrailingCommas else {
            return try decodeElements(type, input: input, at: path, options: options)
        }
        return try input.withTrailingCommasBlanked { text in
            try decodeElements(type, input: text, at: path, options: options)
        }
    }

    private func decodeElements<Element: Decodable>(
        _ type: Element.Type, input: JSONInput, at path: JSONKeyPath, options: Options
    ) throws -> ElementByElementOutcome<[Element]> {
        let mode = StreamingMode.array(path)
        let decoding = ElementDecoding(decoder: self, mode: mode, policy: .throw)
        guard let parser = try? StreamingParser(mode: mode, maximumDepth: options.maximumDepth, parser: options.parser)
        else { return .undecided }
        if let schemas = decoding.schemaSource(for: type) { parser.filter(by: schemas) }
        var result: [Element] = []
        var elements: [StreamedElement] = []
        var failure: (any Error)? = nil  // the first element that did not decode
        var refused = false  // an element whose text FastMap refused: the whole parse fails
        let spare = SpareTreeDecoder()
        func take() {
            elements.takeEachInOrder { element in
                guard failure == nil, !refused else { return }
                guard case .value(let json) = element.payload else {
                    refused = true
                    return
                }
                do {
                    result.append(try decoding.treeValue(type, json, element, spare: spare))
                } catch {
                    failure = error
                }
            }
        }
        var offset = 0
        while offset < input.count {
            let end = min(offset + Self.elementByElementSlice, input.count)
            offset += parser.feed(input[offset..<end], into: &elements)
            if let stop = parser.failure { return stop.rejectsText ? .rejected : .undecided }
            take()
            if refused { return .undecided }
            if failure == nil { Self.reserve(&result, forTextLeft: input.count - offset, after: offset) }
        }
        parser.finish(into: &elements)
        if let stop = parser.failure { return stop.rejectsText ? .rejected : .undecided }
        take()
        if refused { return .undecided }
        if let failure { throw failure }
        return .decoded(result)
    }
}
