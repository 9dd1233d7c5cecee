internal import CFastMap

extension JSONDocument {
    /// Parses `bytes` into a new document with the chosen engine (the document keeps its own
    /// copy of the text). `allowsTrailingCommas: false` is strict RFC 8259; `schema` keeps only
    /// what it names (`Parsing+Sparse.swift`). `usesArena` is kept for the public option that
    /// names it: every document is one region of memory now.
    /// `packsText`: the document outlives the parse (a `JSON` value), so it keeps of its copy of
    /// the text only what its strings point at (`fm_doc_pack_text`).
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, memoryLimit: Int? = nil,
        usesArena: Bool = true, allowsTrailingCommas: Bool = true, packsText: Bool = false
    ) throws(FastMapError) -> JSONDocument {
        try parse(
            bytes, parser: parser, maximumDepth: maximumDepth, memoryLimit: memoryLimit,
            allowsTrailingCommas: allowsTrailingCommas, tables: nil, packsText: packsText)
    }

    /// The parse error of a text another reader rejected (the streaming parser of a large
    /// array), as a parse of the whole text throws it: yajl, which words every parse error
    /// whatever the engine, reads the text once, as given. Nil when yajl accepts it after all.
    package static func rejection(
        of input: JSONInput, maximumDepth: Int, allowsTrailingCommas: Bool
    ) -> FastMapError? {
        do throws(FastMapError) {
            _ = try parse(
                input.bytes, engine: FM_ENGINE_YAJL_AS_GIVEN, maximumDepth: maximumDepth, memoryLimit: nil,
                allowsTrailingCommas: allowsTrailingCommas, tables: nil)
            return nil
        } catch {
            return error
        }
    }

    static func parse(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, memoryLimit: Int?,
        allowsTrailingCommas: Bool, tables: UnsafePointer<fm_sparse_schema>?, packsText: Bool = false
    ) throws(FastMapError) -> JSONDocument {
        // `.jansson` names no engine of its own any more: it reads with the default one.
        try parse(
            bytes, engine: parser == .yajl ? FM_ENGINE_YAJL : FM_ENGINE_SIMDJSON, maximumDepth: maximumDepth,
            memoryLimit: memoryLimit, allowsTrailingCommas: allowsTrailingCommas, tables: tables, packsText: packsText)
    }

    private static func parse(
        _ bytes: UnsafeRawBufferPointer, engine: fm_engine, maximumDepth: Int, memoryLimit: Int?,
        allowsTrailingCommas: Bool, tables: UnsafePointer<fm_sparse_schema>?, packsText: Bool = false
    ) throws(FastMapError) -> JSONDocument {
        var error = fm_parse_error()
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? emptyCString
        let depth = max(0, maximumDepth)
        guard let arena = JSONArena(memoryLimit: memoryLimit) else {
            throw FastMapError(kind: .outOfMemory, message: "out of memory while building the document")
        }
        if packsText { fm_doc_pack_text(arena.raw) }
        let flags = allowsTrailingCommas ? Int32(FM_DIALECT_TRAILING_COMMAS.rawValue) : 0
        var root: UnsafePointer<fm_cell>? = nil
        let status = fm_parse(base, bytes.count, engine, depth, flags, tables, arena.raw, &root, &error)
        guard status == 0, let root else {
            throw FastMapError(parseError: error)
        }
        return JSONDocument(root: JSONNode(root), depth: depth, arena: arena)
    }
}

extension JSONDocument {
    /// `SIZE_MAX` as Swift sees C's `size_t`: no memory limit.
    package static let noMemoryLimit = Int(bitPattern: UInt.max)
}

extension FastMapError {
    init(parseError error: fm_parse_error) {
        let message = FastMapError.parseMessage(error.text)
        let kind: Kind =
            switch Int32(error.kind) {
            case Int32(FM_ERROR_DEPTH.rawValue): .depthLimit
            case Int32(FM_ERROR_NUMBER_RANGE.rawValue): .numberOutOfRange
            case Int32(FM_ERROR_INVALID_UNICODE.rawValue): .invalidUnicode
            case Int32(FM_ERROR_OUT_OF_MEMORY.rawValue): .outOfMemory
            case Int32(FM_ERROR_MEMORY_LIMIT.rawValue): .memoryLimit
            default: .syntax
            }
        self.init(kind: kind, message: message, location: SourceLocation(parseError: error))
    }
}

extension fm_parse_error {
    /// The failure's text as the C layer reports it (yajl's own, or FastMap's).
    var text: String {
        withUnsafeBytes(of: message) { raw in String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}

extension FastMapError.SourceLocation {
    /// Where a parse failure is said: the first byte of a token out of place, else where the C
    /// layer located it.
    init(parseError error: fm_parse_error) {
        if error.token_line > 0 && FastMapError.saysTokenOutOfPlace(error.text) {
            self.init(line: error.token_line, column: error.token_column, offset: error.token_offset)
        } else {
            self.init(line: error.line, column: error.column, offset: error.offset)
        }
    }
}
