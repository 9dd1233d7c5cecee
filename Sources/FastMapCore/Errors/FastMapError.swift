/// The one error FastMap's own (non-`Codable`) API throws.
///
/// It says what went wrong (``kind``), where in the document (``path``, printed as
/// `$.flights[3].passengers[0].name`), what was expected, what was found, and for syntax
/// errors the line, column and byte offset in the input. The `Codable` API throws Foundation's
/// `DecodingError` / `EncodingError` and attaches a `FastMapError` as `underlyingError`.
///
/// Services log errors with `"\(error)"`, and a payload may hold a password or a card number,
/// so ``description`` and ``debugDescription`` carry no byte of the input by default: the path,
/// the location, the expected type and the kind found, never the value. The value stays
/// available as ``foundSnippet`` and ``node``; ``quotesPayload`` (set by
/// `FastJSONDecoder.quotesPayloadInErrors`, for development) adds it to the text.
public struct FastMapError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The broad category of a failure.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The input is not well-formed JSON (including invalid UTF-8).
        case syntax
        /// An object has no member with the requested key.
        case keyNotFound
        /// A value has a different JSON kind than the one asked for.
        case typeMismatch
        /// A value is `null` (or missing) where a value was required.
        case valueNotFound
        /// A value has the right kind but cannot be used (out of range, bad format, ...).
        case invalidValue
        /// The input nests arrays and objects deeper than the allowed maximum.
        case depthLimit
        /// A number cannot be represented exactly (beyond `UInt64.max`, or overflowing `Double`).
        case numberOutOfRange
        /// A `\u` escape encodes a lone UTF-16 surrogate.
        case invalidUnicode
        /// Reading the input failed.
        case io
        /// Memory could not be allocated.
        case outOfMemory
        /// The parsed tree would need more memory than the caller's budget
        /// (``JSON/ReadingOptions/memoryLimit``, ``FastJSONDecoder/memoryLimit``).
        case memoryLimit
    }

    /// Where a syntax error was detected in the input.
    public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line number.
        public var line: Int
        /// 1-based column, counted in bytes from the start of the line.
        public var column: Int
        /// 0-based byte offset from the start of the input.
        public var offset: Int

        /// Creates a location.
        public init(line: Int, column: Int, offset: Int) {
            self.line = line
            self.column = column
            self.offset = offset
        }

        /// `line L, column C (byte O)`.
        public var description: String { "line \(line), column \(column) (byte \(offset))" }
    }

    /// The category of the failure.
    public var kind: Kind
    /// A readable explanation, without the path (see ``description`` for the whole line). It
    /// never quotes the input: what was found is in ``foundKind`` and ``foundSnippet``.
    public var message: String
    /// The path from the document's root to the value that failed.
    public var path: [JSONKeyPath.Component]
    /// The missing key, for ``Kind/keyNotFound``.
    public var key: String?
    /// The Swift type (or JSON kind) that was expected, when there was one.
    public var expectedType: String?
    /// The kind of the value that was found, when there was one.
    public var foundKind: JSON.Kind?
    /// A short excerpt of the offending value as JSON text (for a missing key, the object it
    /// is missing from). Printed only when ``quotesPayload`` is set.
    public var foundSnippet: String?
    /// Line, column and byte offset, for errors found while reading input.
    public var location: SourceLocation?
    /// The value at which the failure happened, when there is one.
    public var node: JSON?
    /// The whole document the failure happened in, when there is one.
    public var root: JSON?
    /// Whether ``description`` quotes ``foundSnippet`` and ``debugDescription`` also the value
    /// and the document around it. `false` by default, so that logging the error leaks no part
    /// of the input; a decoder with `quotesPayloadInErrors` set makes its errors quote.
    public var quotesPayload: Bool

    /// Creates an error; every field but `kind` and `message` is optional.
    public init(
        kind: Kind,
        message: String,
        path: [JSONKeyPath.Component] = [],
        key: String? = nil,
        expectedType: String? = nil,
        foundKind: JSON.Kind? = nil,
        foundSnippet: String? = nil,
        location: SourceLocation? = nil,
        node: JSON? = nil,
        root: JSON? = nil,
        quotesPayload: Bool = false
    ) {
        self.kind = kind
        self.message = message
        self.path = path
        self.key = key
        self.expectedType = expectedType
        self.foundKind = foundKind
        self.foundSnippet = foundSnippet
        self.location = location
        self.node = node
        self.root = root
        self.quotesPayload = quotesPayload
    }

    /// The path as a ``JSONKeyPath``.
    public var keyPath: JSONKeyPath { JSONKeyPath(components: path) }

    /// The path in `$.a.b[0]` form (`$` alone for the root).
    public var pathDescription: String { JSONKeyPath.rootedDescription(of: path) }

    /// One readable line: kind, path, message and location (`typeMismatch at $.a: expected
    /// Double, found string (line 1, column 6 (byte 5))`); the found value only with
    /// ``quotesPayload``.
    public var description: String {
        var text = "\(kind) at \(pathDescription)"
        if !message.isEmpty { text += ": \(message)" }
        // A null adds nothing to "found null".
        if quotesPayload, let foundSnippet, foundKind != .null { text += ": \(foundSnippet)" }
        if let location { text += " (\(location))" }
        return text
    }

    /// ``description`` followed by the expected type and the kind found; with ``quotesPayload``
    /// also the document and the value, when known.
    public var debugDescription: String {
        var text = description
        if let expectedType { text += "\n  expected: \(expectedType)" }
        if let foundKind { text += "\n  found: \(foundKind)" }
        if quotesPayload, let node, let root, !path.isEmpty {
            text += "\n  in: \(root.snippet(limit: 120))"
            text += "\n  value: \(node.snippet(limit: 120))"
        }
        return text
    }
}

extension FastMapError {
    /// A type mismatch found at `node`, with the found kind and snippet filled in (the message
    /// names only the kind: see ``quotesPayload``).
    package static func typeMismatch(
        expected: String, found node: JSON, path: [JSONKeyPath.Component], message: String? = nil
    ) -> FastMapError {
        let kind = node.kind
        let snippet = node.snippet()
        return FastMapError(
            kind: .typeMismatch,
            message: message ?? "expected \(expected), found \(kind)",
            path: path, expectedType: expected, foundKind: kind, foundSnippet: snippet, node: node)
    }
}

extension FastMapError {
    /// A message made of facts alone (`expected Int, found string`), for failures whose own
    /// text is someone else's: it never quotes the value, and it does not repeat a
    /// `DecodingError`'s description in other words.
    package static func facts(kind: Kind, expected: String?, found: JSON.Kind?) -> String {
        if kind == .keyNotFound { return "the object has no such key" }
        switch (expected, found) {
        case (let expected?, let found?): return "expected \(expected), found \(found)"
        case (let expected?, nil): return "expected \(expected)"
        case (nil, let found?): return "the \(found) found here cannot be used"
        case (nil, nil): return "the value cannot be used"
        }
    }
}
