import Foundation

/// What decoding one element gave: its value, or the error to report (already carrying the
/// element's place).
enum ElementOutcome<T> {
    case value(T)
    case failure(DecodingError)
    /// An error that is not a `DecodingError`, thrown by the type's own `init(from:)`.
    case foreign(any Error)
}

/// Decodes streamed elements for one streaming call: the decoder's settings as they were when
/// the call started, where the elements sit, and what to do with the ones that fail.
///
/// `@unchecked Sendable`: every stored property is immutable (the array's path is a chain of
/// immutable ``CodingPathNode``s whose keys are ``FastCodingKey`` values); decoding may run on
/// the parsing thread.
struct ElementDecoding: @unchecked Sendable {
    let decoder: FastJSONDecoder
    let options: FastJSONDecoder.Options
    let mode: StreamingMode
    let policy: FastJSONDecoder.ElementErrorPolicy
    /// The coding path of the array (the root for lines, each of which is a document of its
    /// own). An element's own step is linked on only for its errors.
    private let arrayPath: CodingPathNode?
    /// Whether elements may be built and decoded sparsely (ElementDecoding+Sparse.swift): array
    /// mode, sparse decoding on, and settings that allow it.
    let decodesSparsely: Bool
    /// Set once the element type has a schema entry (learned, or given up): elements built in
    /// full are then decoded plainly, without asking the cache each time.
    let sparseEntryKnown = SparseEntryFlag()

    init(decoder: FastJSONDecoder, mode: StreamingMode, policy: FastJSONDecoder.ElementErrorPolicy) {
        self.decoder = decoder
        self.options = decoder.options
        self.mode = mode
        self.policy = policy
        decodesSparsely =
            !mode.isLines && decoder.sparseDecoding.isEnabled && FastJSONDecoder.allowsSparseDecoding(options)
        arrayPath = CodingPathNode.appending(
            mode.path.components.lazy.map { component in
                switch component {
                case .key(let key): .key(FastCodingKey(stringValue: key))
                case .index(let index): .index(index)
                }
            }, to: nil)
    }

    /// Decodes one element. Safe on any thread: it only reads the element and the settings,
    /// and `spare` belongs to the calling loop. Inlined into the loops that call it, so that
    /// the metadata of `ElementOutcome<T>` is looked up once per loop, not once per element.
    @inline(__always)
    func outcome<T: Decodable>(
        _ type: T.Type, _ element: StreamedElement, spare: SpareTreeDecoder
    ) -> ElementOutcome<T> {
        do {
            return .value(try value(type, element, spare: spare))
        } catch let error as DecodingError {
            return .failure(error)
        } catch {
            return .foreign(error)
        }
    }

    /// Decodes one element, throwing what ``outcome(_:_:spare:)`` would hold as its failure (a
    /// `DecodingError` carrying the element's place, or the type's own error as it was thrown):
    /// what ``apply(_:_:)`` makes of an outcome under ``FastJSONDecoder/ElementErrorPolicy/throw``,
    /// without an outcome per element (whose generic metadata the profile showed).
    func value<T: Decodable>(_ type: T.Type, _ element: StreamedElement, spare: SpareTreeDecoder) throws -> T {
        switch element.payload {
        case .value(let json):
            do {
                return try treeValue(type, json, element, spare: spare)
            } catch let error as DecodingError {
                throw located(error, element)
            }
        case .failure(let error):
            throw invalidElement(error, element)
        }
    }

    /// The value of an element FastMap built (`json`, its tree), or the error decoding the
    /// whole document throws for it, as that decode throws it: without the element's position,
    /// which ``value(_:_:spare:)`` adds for streams.
    func treeValue<T: Decodable>(
        _ type: T.Type, _ json: JSON, _ element: StreamedElement, spare: SpareTreeDecoder
    ) throws -> T {
        if decodesSparsely { return try decodeSparsely(type, json, element, spare: spare) }
        return try decodeValue(type, json, index: element.index, spare: spare)
    }

    /// Hands `deliver` the value of each element of a batch that the policy lets through, in
    /// order, until it returns false (then this returns false). Outcomes the parsing thread
    /// decoded ahead are applied; other elements are decoded now, straight to their value under
    /// ``FastJSONDecoder/ElementErrorPolicy/throw``. Working a batch at a time keeps the generic
    /// metadata of `ElementOutcome<T>` and `T?` (a hashed runtime lookup each, in unspecialized
    /// code) out of the per-element loop.
    /// - Throws: under ``FastJSONDecoder/ElementErrorPolicy/throw``, the first failing element's
    ///   error, after every element before it was delivered; and what `deliver` throws.
    func deliver<T: Decodable>(
        _ type: T.Type, _ elements: [StreamedElement], decodedAhead: Any?, spare: SpareTreeDecoder,
        to deliver: (T) throws -> Bool
    ) throws -> Bool {
        if let outcomes = outcomes(decodedAhead, of: type, for: elements) {
            for (outcome, element) in zip(outcomes, elements) {
                if let value = try apply(outcome, element), try !deliver(value) { return false }
            }
        } else if case .throw = policy {
            for element in elements {
                if try !deliver(value(type, element, spare: spare)) { return false }
            }
        } else {
            for element in elements {
                if let value = try apply(outcome(type, element, spare: spare), element), try !deliver(value) {
                    return false
                }
            }
        }
        return true
    }

    /// The outcomes the parsing thread decoded ahead for `elements` (`decoded`, as handed over with
    /// the batch), when there is one per element; nil otherwise, and the elements are then
    /// decoded now.
    func outcomes<T>(_ decoded: Any?, of type: T.Type, for elements: [StreamedElement]) -> [ElementOutcome<T>]? {
        guard let outcomes = decoded as? [ElementOutcome<T>], outcomes.count == elements.count else { return nil }
        return outcomes
    }

    /// The value of an element that was not decoded ahead, or nil when the policy leaves it out
    /// (for loops that take one element at a time; see ``deliver(_:_:decodedAhead:spare:to:)``).
    func decodedNow<T: Decodable>(_ type: T.Type, _ element: StreamedElement, spare: SpareTreeDecoder) throws -> T? {
        if case .throw = policy { return try value(type, element, spare: spare) }
        return try apply(outcome(type, element, spare: spare), element)
    }

    /// Decodes whole batches as `T` (on the parsing thread, when it is ahead of the consumer).
    func batchDecoding<T: Decodable>(_ type: T.Type) -> any BatchDecoding {
        TypedBatchDecoding<T>(decoding: self)
    }

    /// Applies the policy to an element's outcome (on the consuming thread, in order): the
    /// value, or nil when the policy leaves the element out.
    /// - Throws: under ``FastJSONDecoder/ElementErrorPolicy/throw``, the element's error.
    func apply<T>(_ outcome: ElementOutcome<T>, _ element: StreamedElement) throws -> T? {
        let failure: DecodingError
        switch outcome {
        case .value(let value):
            return value
        case .failure(let error):
            failure = error
        case .foreign(let error):
            if case .throw = policy { throw error }
            // The underlying error is the model's own; the description does not repeat it.
            failure = CodingErrors.dataCorrupted(
                at: codingPath(of: element), "The element's init(from:) threw an error.", underlying: error)
        }
        switch policy {
        case .throw:
            throw failure
        case .skip:
            return nil
        case .collect(let handler):
            handler(
                FastJSONDecoder.ElementFailure(
                    index: element.index, offset: element.offset, line: element.line, error: failure))
            return nil
        }
    }

    /// Decodes with the coding path the whole-document decode would have at this element, so
    /// errors name the same path (`data`, `Index 3`, `score`) as `decode([T].self, ...)`.
    /// `session` (sparse decoding's) sees every read; a decoder the model keeps beyond the call
    /// may read the tree later, unchecked, so then only a full tree may have been used. A
    /// decoder nothing kept goes back to `spare` for the next element.
    func decodeValue<T: Decodable>(
        _ type: T.Type, _ json: JSON, index: Int, session: SparseDecodingSession? = nil,
        spare: SpareTreeDecoder
    ) throws -> T {
        var tree = spare.take(root: json, options: options, sparse: session)
        defer {
            if JSONTreeDecoder.outlivesCall(&tree) {
                session?.escaped()
            } else {
                spare.keep(tree)
            }
        }
        if !mode.isLines {
            tree.path.push(chain: arrayPath)
            tree.path.push(.index(index))
        }
        return try tree.unwrap(json.node, as: type, at: tree.currentPath, .none)
    }

    private func codingPath(of element: StreamedElement) -> [any CodingKey] {
        mode.isLines ? [] : CodingPathNode(parent: arrayPath, component: .index(element.index)).codingPath
    }

    private func location(of element: StreamedElement) -> FastMapError.SourceLocation {
        FastMapError.SourceLocation(line: element.line, column: element.column, offset: element.offset)
    }

    /// Gives a decoding error the element's place in the input: the underlying
    /// ``FastMapError`` gets the element's start as its location, which is where the line
    /// (of an NDJSON value too) is said, once. The description stays `JSONDecoder`'s.
    private func located(_ error: DecodingError, _ element: StreamedElement) -> DecodingError {
        guard let context = error.context,
            var fastMapError = context.underlyingError as? FastMapError, fastMapError.location == nil
        else { return error }
        fastMapError.location = location(of: element)
        return CodingErrors.replacingContext(
            of: error, at: context.codingPath, context.debugDescription, underlying: fastMapError, wording: .verbatim)
    }

    /// An element whose text FastMap refused, as `.dataCorrupted` at the element's path; its
    /// location already names the line.
    private func invalidElement(_ error: FastMapError, _ element: StreamedElement) -> DecodingError {
        var error = error
        if !mode.isLines { error.path = mode.path.components + [.index(element.index)] }
        return CodingErrors.invalidJSON(error, at: codingPath(of: element))
    }

    /// Why the stream stopped, as the `DecodingError` decoding the whole document would throw
    /// (its case, path and `JSONDecoder`'s text): a missing key or index, a value of the wrong
    /// kind on the path, or malformed input. The underlying error says where.
    func error(for stop: StreamingStop) -> DecodingError {
        let error = stop.error(streaming: mode)
        let components = mode.path.components
        switch stop.reason {
        case .pathNotFound(let step, let count):
            let walked = arrayPath.prefix(step)
            switch components[step] {
            case .key(let key):
                let codingKey = FastCodingKey(stringValue: key)
                return CodingErrors.keyNotFound(
                    codingKey, at: walked.codingPath, "No value associated with key \(codingKey) (\"\(key)\").",
                    underlying: error)
            case .index(let index):
                return CodingErrors.valueNotFound(
                    Any.self, at: CodingPathNode(parent: walked, component: .index(index)).codingPath,
                    "Index \(index) is out of bounds (the array has \(count) elements).", underlying: error)
            }
        case .wrongKind(let step, let found):
            let wantsObject = step < components.count && !components[step].isIndex
            let type: Any.Type = wantsObject ? [String: Any].self : [Any].self
            let codingPath = arrayPath.prefix(step).codingPath
            if found == .null {
                let container = wantsObject ? "keyed" : "unkeyed"
                return CodingErrors.valueNotFound(
                    type, at: codingPath, "Cannot get \(container) decoding container -- found null value instead",
                    underlying: error)
            }
            return CodingErrors.typeMismatch(
                type, at: codingPath, "Expected to decode \(type) but found \(found.foundationDescription) instead.",
                underlying: error)
        case .truncated, .trailingData, .invalid:
            return .invalidJSON(error)
        }
    }
}

extension JSONKeyPath.Component {
    var isIndex: Bool {
        if case .index = self { return true }
        return false
    }
}

/// Decodes batches as `T`. `@unchecked Sendable`: it only holds the immutable settings; the
/// outcomes it makes on the parsing thread are handed to the consumer, which alone uses them.
private struct TypedBatchDecoding<T: Decodable>: BatchDecoding, @unchecked Sendable {
    let decoding: ElementDecoding

    func outcomes(of elements: [StreamedElement]) -> Any {
        let spare = SpareTreeDecoder()
        var outcomes: [ElementOutcome<T>] = []
        outcomes.reserveCapacity(elements.count)
        for element in elements { outcomes.append(decoding.outcome(T.self, element, spare: spare)) }
        return outcomes
    }
}
