import Foundation

extension FastJSONDecoder {
    /// What a streaming call does with an element that cannot be decoded.
    ///
    /// An element fails when it does not fit the requested type (any `DecodingError` its
    /// `init(from:)` throws, or another error thrown there), or when its text is well-formed
    /// JSON that FastMap refuses (invalid UTF-8, a lone surrogate escape, a number beyond
    /// `UInt64`/`Double`, nesting deeper than ``maximumDepth``). For ``lines(_:contentsOf:onError:)``
    /// a line that is not JSON at all is such a failure too.
    ///
    /// Malformed text inside an array is different: the parser cannot tell where the next
    /// element starts, so it ends the stream with an error whatever the policy.
    public enum ElementErrorPolicy: Sendable {
        /// Stop at the first failing element and throw its error (the default). Elements
        /// before it have been delivered.
        case `throw`
        /// Leave failing elements out and go on. Choosing this is the caller's explicit
        /// decision to drop them; use ``collect(_:)`` to keep track of them.
        case skip
        /// Leave failing elements out, go on, and hand each failure to `handler` (in order, on
        /// the consuming thread or task, before the next element is delivered).
        ///
        /// To gather the failures in a variable, capture a lock-protected container:
        /// ```swift
        /// let failures = Mutex<[FastJSONDecoder.ElementFailure]>([])
        /// try decoder.forEach(Record.self, contentsOf: url, onError: .collect { failure in
        ///     failures.withLock { $0.append(failure) }
        /// }) { record in ... }
        /// ```
        case collect(@Sendable (ElementFailure) -> Void)
    }

    /// One element that a streaming call left out under ``ElementErrorPolicy/skip`` or
    /// handed back under ``ElementErrorPolicy/collect(_:)``.
    public struct ElementFailure: Error, Sendable, CustomStringConvertible {
        /// The element's 0-based position in the array (for lines: among the non-blank lines).
        public let index: Int
        /// The byte offset of the element's first byte from the start of the input.
        public let offset: Int
        /// The 1-based line on which the element starts.
        public let line: Int
        /// Why the element failed: the error decoding it threw, with the coding path from the
        /// document's root (for arrays: the path to the array, then `Index n`). Errors that
        /// are not `DecodingError`s are wrapped in `.dataCorrupted`, the original as
        /// `underlyingError`.
        public let error: DecodingError

        /// Creates a failure record.
        public init(index: Int, offset: Int, line: Int, error: DecodingError) {
            self.index = index
            self.offset = offset
            self.line = line
            self.error = error
        }

        /// `element 3 at $[3].score (line 4, byte 120): <what went wrong>`, in `JSONDecoder`'s
        /// words and without payload bytes (see ``FastJSONDecoder/quotesPayloadInErrors``).
        public var description: String {
            "element \(index) at \(error.rootedPath) (line \(line), byte \(offset)): \(error.streamingSummary)"
        }
    }
}
