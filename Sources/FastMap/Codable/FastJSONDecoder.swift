@_spi(FastMapCore) import FastMapCore
import Foundation

/// A drop-in replacement for Foundation's `JSONDecoder` that decodes straight from FastMap's
/// parsed document, with no intermediate dictionaries.
///
/// Switching is a one-word change: the properties have Foundation's types and defaults, and
/// values, error cases and coding paths are the ones `JSONDecoder` produces for the same input.
/// On top of that, FastJSONDecoder can decode from a ``JSON`` value or from a ``JSONKeyPath``
/// inside a document, report syntax errors with line, column and byte offset, and (opt-in)
/// accept a few lossy coercions.
///
/// ```swift
/// let decoder = FastJSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let user = try decoder.decode(User.self, from: data)
/// let items = try decoder.decode([Item].self, from: data, at: "data.items")
/// ```
///
/// Every error is a `DecodingError` whose `underlyingError` is a ``FastMapError`` naming the
/// full path, the expected type and what was found.
///
/// It is a subclass of `JSONDecoder`, so it goes wherever one is expected (a `JSONDecoder`
/// parameter or property, a framework's JSON coder setting); every `decode` call, also one made
/// through a `JSONDecoder` reference, runs FastMap's decoder. The nested strategy types are
/// Foundation's own (`FastJSONDecoder.DateDecodingStrategy` is `JSONDecoder.DateDecodingStrategy`).
///
/// A decoder can be shared between tasks: its settings sit behind a lock, and each call to
/// `decode` works on its own snapshot of them.
///
/// `@unchecked Sendable`: its stored properties are `state`, a `LockedValue`, and
/// `sparseDecoding`, which is `Sendable`; the settings `JSONDecoder` itself stores are never used
/// (every one of them is overridden here).
public final class FastJSONDecoder: JSONDecoder, @unchecked Sendable {
    /// Everything a single `decode` call reads; copied once per call.
    package struct Options: Sendable {
        var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
        package var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
        var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
        var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
        package var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var parser: JSONParser = .simdjson
        var lossyCoercions: LossyCoercions = []
        var maximumDepth: Int = JSON.defaultMaximumDepth
        var memoryLimit: Int? = nil
        var allowsTrailingCommas = true
        var allowsJSON5 = false
        var assumesTopLevelDictionary = false
        package var quotesPayloadInErrors = false
        /// Documents of at least this many bytes decoded as a top-level `[T]` are read element
        /// by element (FastJSONDecoder+BoundedArray.swift); tests move it to force either way.
        package var elementByElementThreshold = 8 << 20
        /// Set by a front end that decodes some types its own way (the Ladybug dialect applies
        /// its transformers through it). Plain `decode` calls leave it nil and behave as
        /// `JSONDecoder`.
        package var hook: (any JSONTreeDecodingHook)? = nil
        /// Whether `@JSONModel` structs and final classes read the document through their
        /// generated reader (`JSONObjectReader`); benchmarks and tests turn it off to measure and
        /// compare the `Codable` route on the same decoder.
        package var readsDocuments = true

        /// Foundation's defaults.
        package init() {}
    }

    /// The settings and the tree decoders kept for calls made with them.
    private struct State {
        /// Every change of a setting starts with no spare decoders: a decoder serves only calls
        /// with the settings it was made for.
        var options = Options() {
            didSet { pool = TreeDecoderPool() }
        }
        /// Until then, the set shared by every decoder with the default settings.
        var pool = TreeDecoderPool.sharedByDefaults
    }

    private let state = LockedValue(State())
    /// Sparse decoding's switch and counters (`FastJSONDecoder+Sparse.swift`).
    package let sparseDecoding = SparseDecodingControl()

    /// Creates a decoder with Foundation's defaults.
    public override init() { super.init() }

    /// How JSON keys are matched to coding keys. Defaults to `.useDefaultKeys`.
    public override var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
        get { state.withLock { $0.options.keyDecodingStrategy } }
        set { state.withLock { $0.options.keyDecodingStrategy = newValue } }
    }

    /// How `Date` values are decoded. Defaults to `.deferredToDate`.
    public override var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        get { state.withLock { $0.options.dateDecodingStrategy } }
        set { state.withLock { $0.options.dateDecodingStrategy = newValue } }
    }

    /// How `Data` values are decoded. Defaults to `.base64`.
    public override var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy {
        get { state.withLock { $0.options.dataDecodingStrategy } }
        set { state.withLock { $0.options.dataDecodingStrategy = newValue } }
    }

    /// How strings standing for infinity and NaN are read. Defaults to `.throw`.
    public override var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy {
        get { state.withLock { $0.options.nonConformingFloatDecodingStrategy } }
        set { state.withLock { $0.options.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// Contextual information handed to every `init(from:)` through `Decoder.userInfo`.
    @preconcurrency
    public override var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0.options.userInfo } }
        set { state.withLock { $0.options.userInfo = newValue } }
    }

    /// The parser that turns bytes into a tree. Defaults to ``JSONParser/simdjson``.
    public var parser: JSONParser {
        get { state.withLock { $0.options.parser } }
        set { state.withLock { $0.options.parser = newValue } }
    }

    /// The lossy coercions to accept. Defaults to none: exactly Foundation's strictness.
    public var lossyCoercions: LossyCoercions {
        get { state.withLock { $0.options.lossyCoercions } }
        set { state.withLock { $0.options.lossyCoercions = newValue } }
    }

    /// The deepest nesting accepted, both when parsing and when decoding a ``JSON`` value built
    /// in code. Defaults to ``JSON/defaultMaximumDepth`` (Foundation's 512).
    ///
    /// Any value is safe: `Int.max` means no limit, `0` accepts only a top-level scalar and
    /// negative values act as `0` (see ``JSON/ReadingOptions/maximumDepth``). Streaming
    /// (`stream`, `forEach`, `lines`) applies it to the whole document.
    public var maximumDepth: Int {
        get { state.withLock { $0.options.maximumDepth } }
        set { state.withLock { $0.options.maximumDepth = newValue } }
    }

    /// The most memory, in bytes, parsing one document may take beside the input itself: its
    /// values, the bytes of its strings and numbers, the stacks and buffers of the parse. `nil`
    /// (the default) means no limit. Streaming (`stream`, `forEach`, `lines`) applies it to
    /// each element on its own.
    ///
    /// A document (or element) that needs more fails with `DecodingError.dataCorrupted` whose
    /// `underlyingError` is a ``FastMapError`` of kind ``FastMapError/Kind/memoryLimit``, and
    /// what was built is freed; a streamed element fails alone, under the stream's
    /// ``ElementErrorPolicy``. `0` admits only `null`, `true` and `false`, negative values act
    /// as `0`, and `Int.max` is as good as no limit (see ``JSON/ReadingOptions/memoryLimit``).
    public var memoryLimit: Int? {
        get { state.withLock { $0.options.memoryLimit } }
        set { state.withLock { $0.options.memoryLimit = newValue } }
    }

    /// Whether a comma may follow the last element of an array or the last member of an
    /// object (`[1,]`, `{"a":1,}`). Defaults to `true`, as `JSONDecoder` accepts them; set it
    /// to `false` to decode only strict RFC 8259 JSON. Empty slots (`[1,,]`) are errors either
    /// way. See ``JSON/ReadingOptions/allowsTrailingCommas``.
    public var allowsTrailingCommas: Bool {
        get { state.withLock { $0.options.allowsTrailingCommas } }
        set { state.withLock { $0.options.allowsTrailingCommas = newValue } }
    }

    /// Whether the input may be JSON5, as `JSONDecoder.allowsJSON5`: comments, unquoted and
    /// single-quoted keys and strings, hexadecimal numbers, `+1`, `.5`, `5.`, `Infinity` and
    /// `NaN` (read by `Double` and `Float` as infinity and NaN), trailing commas and escaped
    /// line breaks. Defaults to `false`. What `JSONDecoder` accepts decodes to the same values;
    /// a malformed number fails only when it is read, as there.
    public override var allowsJSON5: Bool {
        get { state.withLock { $0.options.allowsJSON5 } }
        set { state.withLock { $0.options.allowsJSON5 = newValue } }
    }

    /// Whether the top-level value is an object whose braces may be left out (`"a": 1, "b": 2`,
    /// with ``allowsJSON5`` also `a: 1, b: 2`; empty input is an empty object), as
    /// `JSONDecoder.assumesTopLevelDictionary`, with or without JSON5. Defaults to `false`.
    public override var assumesTopLevelDictionary: Bool {
        get { state.withLock { $0.options.assumesTopLevelDictionary } }
        set { state.withLock { $0.options.assumesTopLevelDictionary = newValue } }
    }

    /// Whether error texts quote the input: the value found (`found string: "high"`), and in a
    /// ``FastMapError``'s `debugDescription` the document around it. Defaults to `false`.
    ///
    /// By default nothing a `DecodingError` or its underlying ``FastMapError`` prints comes
    /// from the payload: the description is `JSONDecoder`'s own text for the case (`Expected to
    /// decode Double but found a string instead.`), and the underlying error adds the `$` path,
    /// the location, the expected type and the kind found. A service that logs `"\(error)"`
    /// therefore never writes a password or a card number it was sent. Turn this on during
    /// development to see the offending values; whatever the setting, they stay available as
    /// ``FastMapError/foundSnippet`` and ``FastMapError/node``. Streaming calls follow the same
    /// setting.
    public var quotesPayloadInErrors: Bool {
        get { state.withLock { $0.options.quotesPayloadInErrors } }
        set { state.withLock { $0.options.quotesPayloadInErrors = newValue } }
    }

    var options: Options { state.withLock { $0.options } }

    /// The settings for one call, and the spare decoders kept for them.
    var settings: (options: Options, pool: TreeDecoderPool) { state.withLock { ($0.options, $0.pool) } }

    /// See `Options.readsDocuments`.
    package var readsDocuments: Bool {
        get { state.withLock { $0.options.readsDocuments } }
        set { state.withLock { $0.options.readsDocuments = newValue } }
    }

    /// See `Options.elementByElementThreshold`.
    package var elementByElementThreshold: Int {
        get { state.withLock { $0.options.elementByElementThreshold } }
        set { state.withLock { $0.options.elementByElementThreshold = newValue } }
    }

    // MARK: Decoding

    /// Decodes a value of type `T` from JSON text.
    ///
    /// - Throws: `DecodingError` with the case and coding path `JSONDecoder` reports for the
    ///   same input, and a ``FastMapError`` as `underlyingError`. Malformed JSON throws
    ///   `.dataCorrupted` whose underlying error carries line, column and byte offset.
    public override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONInput.with(data) { try decode(type, input: $0, at: nil) }
    }

    /// Decodes a `DecodableWithConfiguration` value of type `T` from JSON text, handing
    /// `configuration` to its `init(from:configuration:)`.
    ///
    /// - Throws: as ``decode(_:from:)-(_,Data)``.
    public override func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        try JSONInput.with(data) { input in
            try decode(input: input, at: nil) { decoder, root in
                try decoder.with(root, at: decoder.currentPath, nil) {
                    try type.init(from: decoder, configuration: configuration)
                }
            }
        }
    }

    /// Decodes a `DecodableWithConfiguration` value of type `T` from JSON text with the
    /// configuration that `configuration` provides.
    public override func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where
        T: DecodableWithConfiguration, C: DecodingConfigurationProviding,
        T.DecodingConfiguration == C.DecodingConfiguration
    {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }

    /// Decodes a value of type `T` from JSON text held in an array of bytes.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONInput.with(bytes) { try decode(type, input: $0, at: nil) }
    }

    /// Decodes a value of type `T` from an already parsed ``JSON`` value, without copying it.
    ///
    /// A value parsed from text keeps every real as written, so it decodes as that text does:
    /// `-92233720184273879.4` gives the `Int64` -92233720184273879 and `0.30000000000000001` the
    /// `Decimal` 0.30000000000000001, as `JSONDecoder` reads them. Its ``JSON/data(options:)``
    /// writes such a real as its double (`-9.223372018427387e+16`), so decoding that text instead
    /// may give another integer naming the same double. A real made in code is its double.
    public func decode<T: Decodable>(_ type: T.Type, from json: JSON) throws -> T {
        try decode(type, tree: json, input: nil, at: nil)
    }

    /// Decodes the value found at `path` in JSON text; the rest of the document is parsed but
    /// never mapped.
    ///
    /// Errors name the full path from the document's root, including `path`.
    /// - Throws: `DecodingError.keyNotFound` when a key of `path` is missing,
    ///   `.valueNotFound` when an index is out of bounds, `.typeMismatch` when a step meets a
    ///   value that is not the container it needs; otherwise as ``decode(_:from:)-(_,Data)``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: JSONKeyPath) throws -> T {
        try JSONInput.with(data) { try decode(type, input: $0, at: path) }
    }

    /// Decodes the value found at `path` in JSON text held in an array of bytes.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], at path: JSONKeyPath) throws -> T {
        try JSONInput.with(bytes) { try decode(type, input: $0, at: path) }
    }

    /// Decodes the value found at `path` inside a ``JSON`` value.
    public func decode<T: Decodable>(_ type: T.Type, from json: JSON, at path: JSONKeyPath) throws -> T {
        try decode(type, tree: json, input: nil, at: path)
    }

    /// Decodes `T` from JSON text the caller holds in place (FastMapNIO reads a `ByteBuffer`'s
    /// storage without copying it).
    package func decode<T: Decodable>(
        _ type: T.Type, input: JSONInput, at path: JSONKeyPath?
    ) throws -> T {
        let (options, pool) = settings
        // The size test first: a `T?` in this unspecialized code costs a runtime metadata lookup.
        if readsElementByElement(type, input.count, at: path, options: options),
            let array = try decodeElementByElement(type, input: input, at: path, options: options)
        {
            return array
        }
        if let value = try decodeSparsely(type, input: input, at: path, options: options, pool: pool) {
            return value
        }
        return try decode(input: input, at: path, options: options, pool: pool) { decoder, start in
            try decoder.unwrap(start, as: type, at: decoder.currentPath, .none)
        }
    }

    private func decode<T: Decodable>(
        _ type: T.Type, tree: JSON, input: JSONInput?, at path: JSONKeyPath?
    ) throws -> T {
        let (options, pool) = settings
        return try decode(tree: tree, input: input, at: path, options: options, pool: pool) { decoder, start in
            try decoder.unwrap(start, as: type, at: decoder.currentPath, .none)
        }
    }

    /// Parses `input` and hands `body` a tree decoder and the node at `path` (the root when nil);
    /// `options` replaces the decoder's own for this call (a report adds its collector), and
    /// `pool` (only with the decoder's own settings) lends the call a decoder kept from an
    /// earlier one.
    func decode<T>(
        input: JSONInput, at path: JSONKeyPath?, options: Options? = nil, pool: TreeDecoderPool? = nil,
        _ body: (JSONTreeDecoder, JSONNode) throws -> T
    ) throws -> T {
        let options = options ?? self.options
        return try JSONInput.withUTF8(input, invalid: DecodingError.invalidJSON) { utf8 in
            if options.allowsJSON5 { return try decodeJSON5(input: utf8, at: path, options: options, body) }
            if options.assumesTopLevelDictionary {
                return try decodeAssumingTopLevelDictionary(input: utf8, at: path, options: options, body)
            }
            let json: JSON
            do throws(FastMapError) {
                json = try JSON(
                    input: utf8,
                    options: JSON.ReadingOptions(
                        parser: options.parser, maximumDepth: options.maximumDepth, memoryLimit: options.memoryLimit,
                        allowsTrailingCommas: options.allowsTrailingCommas))
            } catch {
                throw DecodingError.invalidJSON(error)
            }
            return try decode(tree: json, input: utf8, at: path, options: options, pool: pool, body)
        }
    }

    /// JSON5 input: translated to strict JSON (kept tokens such as `Infinity` restored in the
    /// tree), then decoded; errors point into the original text.
    private func decodeJSON5<T>(
        input: JSONInput, at path: JSONKeyPath?, options: Options,
        _ body: (JSONTreeDecoder, JSONNode) throws -> T
    ) throws -> T {
        let parsed: (JSONDocument, [UInt8])
        do throws(FastMapError) {
            parsed = try JSONDocument.parseJSON5(
                input, parser: options.parser, maximumDepth: options.maximumDepth, memoryLimit: options.memoryLimit,
                usesArena: true,
                assumesTopLevelDictionary: options.assumesTopLevelDictionary, lazyNumbers: true)
        } catch {
            throw DecodingError.invalidJSON(error)
        }
        let json = JSON(document: parsed.0)
        return try JSONInput.with(parsed.1) { strict in
            try decode(tree: json, input: strict, at: path, options: options, body)
        }
    }

    /// Hands `body` a tree decoder over `tree` and the node at `path` (the root when nil): one of
    /// `pool` when given (made for `options`), which gets it back unless it escaped. With a
    /// `sparse` session the decoder reads through it (FastJSONDecoder+Sparse.swift).
    func decode<T>(
        tree: JSON, input: JSONInput?, at path: JSONKeyPath?, options: Options, pool: TreeDecoderPool? = nil,
        sparse: SparseDecodingSession? = nil, _ body: (JSONTreeDecoder, JSONNode) throws -> T
    ) throws -> T {
        var decoder = JSONTreeDecoder.reusing(
            pool?.take(), root: tree, options: options, input: input, sparse: sparse)
        defer {
            // A decoder or container that a model kept (to decode from later) holds the document,
            // which owns its text: nothing of the caller's input is read after the call.
            let escaped = JSONTreeDecoder.outlivesCall(&decoder)
            // A decoder that outlives the call would read the tree later: only a full tree may
            // be read then, so a type that does this is not decoded sparsely again.
            if escaped { sparse?.escaped() }
            if !escaped { pool?.keep(decoder) }
        }
        var start = tree.node
        if let path {
            start = try decoder.resolve(path)
        }
        return try body(decoder, start)
    }
}
