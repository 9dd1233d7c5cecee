internal import CFastMap
internal import CJansson

extension JSONDocument {
    /// Parses `bytes` into a new document with the chosen engine.
    ///
    /// `compactsWhiteSpace: false` makes the yajl engine parse the text as given, skipping its
    /// white-space compacting first pass; tests compare the two. `allowsTrailingCommas: false`
    /// is strict RFC 8259.
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, memoryLimit: Int? = nil,
        usesArena: Bool = true, compactsWhiteSpace: Bool = true, allowsTrailingCommas: Bool = true
    ) throws(FastMapError) -> JSONDocument {
        var document = fm_document()
        var error = fm_parse_error()
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? emptyCString
        let depth = max(0, maximumDepth)
        let limit = memoryLimit.map { max(0, $0) }
        // Under a budget the arena's first chunk is sized for at most the budget.
        let arena = usesArena ? JSONArena(expectedBytes: min(bytes.count, limit ?? .max)) : nil
        let flags = allowsTrailingCommas ? Int32(FM_DIALECT_TRAILING_COMMAS.rawValue) : 0
        let engine: fm_engine =
            switch parser {
            case .yajl: compactsWhiteSpace ? FM_ENGINE_YAJL : FM_ENGINE_YAJL_DIRECT
            case .jansson: FM_ENGINE_JANSSON
            case .simdjson: FM_ENGINE_SIMDJSON
            }
        let status = fm_parse_dialect(
            base, bytes.count, engine, depth,
            limit ?? Self.noMemoryLimit, arena?.raw, flags,
            &document, &error)
        guard status == 0, let root = document.root else {
            throw FastMapError(parseError: error)
        }
        // Without FastMap's allocation hooks (another library replaced them) the tree is not
        // in the arena but reference counted.
        return JSONDocument(
            owning: JSONNode(root), depth: depth, arena: document.in_arena != 0 ? arena : nil,
            realsAreExact: document.reals_are_exact != 0, zerosArePlain: document.zeros_are_plain != 0)
    }
}

extension JSONDocument {
    /// `SIZE_MAX` as Swift sees C's `size_t`: no memory limit.
    package static let noMemoryLimit = Int(bitPattern: UInt.max)
}

extension FastMapError {
    init(parseError error: fm_parse_error) {
        let message = withUnsafeBytes(of: error.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let kind: Kind =
            switch Int32(error.kind) {
            case Int32(FM_ERROR_DEPTH.rawValue): .depthLimit
            case Int32(FM_ERROR_NUMBER_RANGE.rawValue): .numberOutOfRange
            case Int32(FM_ERROR_INVALID_UNICODE.rawValue): .invalidUnicode
            case Int32(FM_ERROR_OUT_OF_MEMORY.rawValue): .outOfMemory
            case Int32(FM_ERROR_MEMORY_LIMIT.rawValue): .memoryLimit
            default: .syntax
            }
        self.init(
            kind: kind, message: message,
            location: SourceLocation(line: error.line, column: error.column, offset: error.offset))
    }
}
