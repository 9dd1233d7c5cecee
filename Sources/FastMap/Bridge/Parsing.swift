internal import CFastMap
internal import CJansson

extension JSONDocument {
    /// Parses `bytes` into a new document with the chosen engine.
    ///
    /// `compactsWhiteSpace: false` makes the yajl engine parse the text as given, skipping its
    /// white-space compacting first pass; tests compare the two. `allowsTrailingCommas: false`
    /// is strict RFC 8259.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, usesArena: Bool = true,
        compactsWhiteSpace: Bool = true, allowsTrailingCommas: Bool = true
    ) throws(FastMapError) -> JSONDocument {
        var document = fm_document()
        var error = fm_parse_error()
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? emptyCString
        let depth = max(1, maximumDepth)
        let arena = usesArena ? JSONArena(expectedBytes: bytes.count) : nil
        let flags = allowsTrailingCommas ? Int32(FM_DIALECT_TRAILING_COMMAS.rawValue) : 0
        let status = fm_parse_dialect(
            base, bytes.count, parser == .jansson ? 1 : compactsWhiteSpace ? 0 : 2, depth, arena?.raw, flags,
            &document, &error)
        guard status == 0, let root = document.root else {
            throw FastMapError(parseError: error)
        }
        var unsigned: Set<UnsafeMutableRawPointer> = []
        if document.unsigned_count > 0, let nodes = document.unsigned_nodes {
            for index in 0..<document.unsigned_count {
                if let node = nodes[index] { unsigned.insert(UnsafeMutableRawPointer(node)) }
            }
        }
        fm_document_free_unsigned(&document)
        return JSONDocument(owning: JSONNode(root), unsignedNodes: unsigned, depth: depth, arena: arena)
    }
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
            default: .syntax
            }
        self.init(
            kind: kind, message: message,
            location: SourceLocation(line: error.line, column: error.column, offset: error.offset))
    }
}
