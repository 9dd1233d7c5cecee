import Foundation

/// Which tokenizer reads the text. Both write the same document with the same rules and
/// report identical errors (the same ``FastMapError`` kinds, messages, lines, columns and
/// offsets); they differ only in speed.
public enum JSONParser: String, Sendable, Hashable, CaseIterable {
    /// yajl's tokenizer driving FastMap's document builder: the engine that reads what
    /// ``simdjson`` hands over, words every error, and reads the envelope of every stream.
    case yajl
    /// Kept so that code naming it keeps working: it reads with ``simdjson``. (It was jansson's
    /// own parser; FastMap's documents are its own now, and jansson is only what values are
    /// exchanged with C code as, see ``JSON/init(janssonValue:)``.)
    case jansson
    /// simdjson's SIMD first pass finds every token, and FastMap's walk over them writes the
    /// document with the same number, string, duplicate-key and depth rules as ``yajl`` (the
    /// default: faster than ``yajl`` on every corpus `make bench` measures).
    ///
    /// What simdjson does not read is handed to ``yajl``, which accepts it or reports the
    /// error: every malformed input (so errors are exactly yajl's, and such a text is read
    /// twice, never more), JSON5 (after its own translation), top-level scalars, nesting deeper
    /// than 1000 levels, every parse with a ``JSON/ReadingOptions/memoryLimit`` (simdjson's index
    /// is memory the limit would not count), and documents of 4 GiB and more (its index holds
    /// 32-bit offsets). Streaming an array or NDJSON (`forEach`, `stream`, `lines`, large `[T]`
    /// decodes) reads runs of whole elements or lines with simdjson and the rest (the path to the
    /// array, anything simdjson refuses) with yajl.
    case simdjson
}

/// An immutable JSON value: a value of a FastMap document (parsed text, or a value built in
/// code).
///
/// Parse one from bytes, a string or a file; read it with subscripts (`json["user"]`,
/// `json[0]`, `json[path]`) and typed accessors (`string`, `int`, `double`, `bool`, ...);
/// build one from literals; write it back with ``data(options:)``.
///
/// A `JSON` value is `Sendable`: the tree is never mutated, and every value that points into
/// it shares one reference-counted owner.
public struct JSON: @unchecked Sendable {
    /// The kind of a JSON value.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `{...}`: members in document order.
        case object
        /// `[...]`: elements in order.
        case array
        /// `"..."`: a string, which may hold `\u0000`.
        case string
        /// An integer, a floating-point number, or a number kept as written (see ``JSON/numberText``).
        case number
        /// `true` or `false`.
        case bool
        /// `null`.
        case null

        /// The kind's name.
        public var description: String { rawValue }
    }

    /// How input is read.
    public struct ReadingOptions: Sendable, Hashable {
        /// The parser to use. Defaults to ``JSONParser/simdjson``.
        public var parser: JSONParser
        /// The deepest nesting of arrays and objects accepted (Foundation's limit is 512).
        ///
        /// Any value is safe: `Int.max` means no limit (memory for the nesting is taken as the
        /// input actually nests, never in proportion to this number), `0` accepts only a
        /// top-level scalar, and negative values act as `0`.
        public var maximumDepth: Int
        /// Kept so that code setting it keeps working; it changes nothing: every document is one
        /// region of memory (its cells and the bytes of its strings), freed in one step with the
        /// last value that reads it.
        public var usesArena: Bool
        /// The most memory, in bytes, parsing a document may take beside the input itself; `nil`
        /// (the default) means no limit.
        ///
        /// What the parse holds counts: 16 bytes a value, 8 for an integer within 2^55 or a
        /// decimal of at most 13 digits (a member's key is 16 more), the bytes of every string and
        /// number (under a limit the text is not copied, so the document keeps its own copy of
        /// each instead), the builder's stack for the nesting, and the
        /// tokenizer's buffers. A document that needs more throws ``FastMapError`` of kind
        /// ``FastMapError/Kind/memoryLimit`` and everything built so far is freed, so one
        /// untrusted payload raises the process's peak memory by about this much at most. `0`
        /// admits only a top-level `null`, `true` or `false`; negative values act as `0`;
        /// `Int.max` is as good as no limit. With a limit, the text is read by
        /// ``JSONParser/yajl``, which needs no index beside the document. JSON5 input
        /// (``allowsJSON5``) is first translated to JSON, a text about the input's size that the
        /// limit does not count.
        public var memoryLimit: Int?

        /// Whether a comma may follow the last element of an array or the last member of an
        /// object (`[1,]`, `{"a":1,}`), as `JSONSerialization` and `JSONDecoder` allow.
        /// Defaults to `true`; `false` reads strict RFC 8259 JSON, rejecting every text the
        /// standard rejects. Empty slots (`[1,,]`, `[,]`) are errors either way.
        ///
        /// ``JSONParser/simdjson`` reads trailing commas in its one pass over the text, at the
        /// same speed either way. Where ``JSONParser/yajl`` reads (chosen, or under a memory
        /// limit), the text is given to it without them: one more scan of the text.
        public var allowsTrailingCommas: Bool
        /// Whether the input is read as JSON5, the switch `JSONSerialization.ReadingOptions`
        /// calls `json5Allowed` and `JSONDecoder` `allowsJSON5`: comments, unquoted and
        /// single-quoted keys and strings, hexadecimal numbers, `+1`, `.5`, `5.`, `Infinity`,
        /// `NaN`, trailing commas and escaped line breaks. Defaults to `false`.
        ///
        /// `Infinity` and `NaN` are kept as written (``JSON/numberText``; ``JSON/double`` reads
        /// them); a value holding them cannot be written back as JSON. Malformed numbers are
        /// parse errors here (`FastJSONDecoder` reports them when they are read, as
        /// `JSONDecoder` does).
        public var allowsJSON5: Bool
        /// Whether the top-level value is an object whose braces may be left out (`"a": 1,
        /// "b": 2`, with ``allowsJSON5`` also `a: 1, b: 2`), as
        /// `JSONDecoder.assumesTopLevelDictionary`: empty text is an empty object, text that
        /// starts with `{` must be a whole object. Defaults to `false`.
        public var assumesTopLevelDictionary: Bool

        /// Creates reading options; the defaults match Foundation's limits.
        public init(
            parser: JSONParser = .simdjson, maximumDepth: Int = JSON.defaultMaximumDepth, usesArena: Bool = true,
            memoryLimit: Int? = nil, allowsTrailingCommas: Bool = true, allowsJSON5: Bool = false,
            assumesTopLevelDictionary: Bool = false
        ) {
            self.parser = parser
            self.maximumDepth = maximumDepth
            self.usesArena = usesArena
            self.memoryLimit = memoryLimit
            self.allowsTrailingCommas = allowsTrailingCommas
            self.allowsJSON5 = allowsJSON5
            self.assumesTopLevelDictionary = assumesTopLevelDictionary
        }
    }

    /// Foundation's nesting limit: 512 levels parse, 513 throw.
    public static let defaultMaximumDepth = 512

    package let document: JSONDocument
    /// The value's cell; nil for the whole of a document, whose root may be written only when
    /// first read (a value built in code).
    private let cell: JSONNode?

    /// The value's cell (writing a value built in code the first time it is read).
    package var node: JSONNode { cell ?? document.root }

    package init(document: JSONDocument, node: JSONNode) {
        self.document = document
        self.cell = node
    }

    package init(document: JSONDocument) {
        self.document = document
        self.cell = nil
    }

    /// The tree of a whole value built in code whose cells are not written yet: composing it
    /// writes it with the new value instead of copying cells.
    package var wholeUnwrittenTree: JSONBuildNode? {
        guard cell == nil, !document.isWritten else { return nil }
        return document.built
    }

    // MARK: Parsing

    /// Parses JSON text. Top-level scalars are accepted.
    /// - Throws: ``FastMapError`` with line, column and byte offset for malformed input.
    public init(data: Data, options: ReadingOptions = ReadingOptions()) throws(FastMapError) {
        self = try Self.parse(data, options: options, packsText: true)
    }

    /// Parses JSON text from an array of bytes.
    public init(bytes: [UInt8], options: ReadingOptions = ReadingOptions()) throws(FastMapError) {
        self = try Self.parse(bytes, options: options, packsText: true)
    }

    /// Parses JSON text from any contiguous bytes (`ArraySlice<UInt8>`, `Data`, an unsafe
    /// buffer, ...), reading them in place without a copy.
    public init<Bytes: ContiguousBytes>(
        bytes: Bytes, options: ReadingOptions = ReadingOptions()
    ) throws(FastMapError) {
        self = try Self.parse(bytes, options: options, packsText: true)
    }

    /// Parses JSON text from a string.
    public init(string: String, options: ReadingOptions = ReadingOptions()) throws(FastMapError) {
        var string = string
        self = try string.withUTF8 { Self.parse(raw: UnsafeRawBufferPointer($0), options: options, packsText: true) }
            .get()
    }

    /// Reads and parses a file (or any URL `Data(contentsOf:)` can read).
    public init(contentsOf url: URL, options: ReadingOptions = ReadingOptions()) throws(FastMapError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw FastMapError(kind: .io, message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(data: data, options: options)
    }

    /// `packsText`: the value is handed to the caller, who may keep it, so its document keeps of
    /// its copy of the text only what its strings point at (`fm_doc_pack_text`); a front end that
    /// reads the value and drops it (the decoders) does not pay for that.
    package static func parse<Bytes: ContiguousBytes>(
        _ bytes: Bytes, options: ReadingOptions, packsText: Bool
    ) throws(FastMapError) -> JSON {
        let result = bytes.withUnsafeBytes { parse(raw: $0, options: options, packsText: packsText) }
        return try result.get()
    }

    /// The closures of `withUnsafeBytes` / `withUTF8` cannot throw a typed error, so parsing
    /// hands its outcome back as a `Result`.
    private static func parse(
        raw: UnsafeRawBufferPointer, options: ReadingOptions, packsText: Bool
    ) -> Result<JSON, FastMapError> {
        do throws(FastMapError) {
            if options.allowsJSON5 {
                let (document, _) = try JSONDocument.parseJSON5(
                    raw, parser: options.parser, maximumDepth: options.maximumDepth, memoryLimit: options.memoryLimit,
                    usesArena: options.usesArena,
                    assumesTopLevelDictionary: options.assumesTopLevelDictionary, lazyNumbers: false,
                    packsText: packsText)
                return .success(JSON(document: document))
            }
            if options.assumesTopLevelDictionary {
                let (document, _) = try JSONDocument.parseAssumingTopLevelDictionary(
                    raw, parser: options.parser, maximumDepth: options.maximumDepth, memoryLimit: options.memoryLimit,
                    usesArena: options.usesArena, allowsTrailingCommas: options.allowsTrailingCommas,
                    packsText: packsText)
                return .success(JSON(document: document))
            }
            let document = try JSONDocument.parse(
                raw, parser: options.parser, maximumDepth: options.maximumDepth, memoryLimit: options.memoryLimit,
                usesArena: options.usesArena, allowsTrailingCommas: options.allowsTrailingCommas, packsText: packsText)
            return .success(JSON(document: document))
        } catch {
            return .failure(error)
        }
    }
}
