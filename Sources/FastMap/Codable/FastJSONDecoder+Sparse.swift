@_spi(FastMapCore) import FastMapCore
import Foundation

/// Sparse decoding: after a type's second decode, documents are parsed building only the members
/// it read (every byte still validated), and decoded from that smaller tree. Any read the
/// smaller tree may answer differently (a key it did not keep, a whole-object read, an error,
/// an exact number text) throws the result away and decodes the document again in full, which
/// also widens what is kept; so values and errors are always the full tree's.
///
/// A type's first decode in a process only notes the type: learning what a decode reads costs
/// about as much again as the decode (every lookup recorded, the tree walked twice), which only
/// later decodes gain from, so a type decoded once (a command-line tool, a service's rare
/// message) never pays it. The second decode learns.
///
/// Only plain decodes take this path: default keys, strict JSON (no JSON5, no brace-less top
/// level), no memory limit, no lossy coercions, no front-end hook, the yajl or simdjson parser.
extension FastJSONDecoder {
    /// The value when sparse decoding applies to this call, nil when the call takes the usual
    /// full-tree path.
    /// `options` is the call's snapshot of the settings (read once, by the caller).
    func decodeSparsely<T: Decodable>(
        _ type: T.Type, input: JSONInput, at path: JSONKeyPath?, options: Options, pool: TreeDecoderPool? = nil
    ) throws -> T? {
        guard sparseDecoding.isEnabled, Self.allowsSparseDecoding(options) else { return nil }
        let key = SparseSchemaCache.Key(type: ObjectIdentifier(type), path: path)
        guard let entry = SparseSchemaCache.shared.entry(key) else {
            SparseSchemaCache.shared.noteFirstDecode(of: key)
            sparseDecoding.count { $0.firstDecodes += 1 }
            return nil
        }
        if entry.disabled { return nil }
        return try JSONInput.withUTF8(input, invalid: DecodingError.invalidJSON) { utf8 in
            var fallback: SparseSchemaCache.Fallback? = nil
            if let schema = entry.schema {
                let document: JSONDocument
                do throws(FastMapError) {
                    document = try JSONDocument.parse(
                        utf8, parser: options.parser, maximumDepth: options.maximumDepth,
                        allowsTrailingCommas: options.allowsTrailingCommas, schema: schema)
                } catch {
                    // Every byte was validated as in a full parse: the error is the full parse's.
                    throw DecodingError.invalidJSON(error)
                }
                let session = SparseDecodingSession(filteredBy: schema)
                do {
                    let value = try decode(type, JSON(document: document), utf8, at: path, options, session, pool)
                    if !session.needsFullTree {
                        sparseDecoding.count { $0.filteredDecodes += 1 }
                        return value
                    }
                    fallback = .read
                } catch {
                    // Every error reads the document root, so it needs the full tree anyway.
                    fallback = .error
                }
                sparseDecoding.count { $0.fallbacks += 1 }
            }
            return try learn(type, utf8, at: path, options, key: key, after: fallback, pool: pool)
        }
    }

    /// Whether `options` let a decode build only what the type reads (see the type's comment;
    /// the streaming parser's elements follow the same rules).
    static func allowsSparseDecoding(_ options: Options) -> Bool {
        guard options.hook == nil, options.lossyCoercions.isEmpty, options.memoryLimit == nil,
            !options.allowsJSON5, !options.assumesTopLevelDictionary, options.parser != .jansson
        else { return false }
        if case .useDefaultKeys = options.keyDecodingStrategy { return true }
        return false
    }

    /// Decodes the full tree, recording what the type reads, and widens its schema by that.
    private func learn<T: Decodable>(
        _ type: T.Type, _ input: JSONInput, at path: JSONKeyPath?, _ options: Options,
        key: SparseSchemaCache.Key, after fallback: SparseSchemaCache.Fallback?, pool: TreeDecoderPool?
    ) throws -> T {
        sparseDecoding.count { $0.learningDecodes += 1 }
        let json: JSON
        do throws(FastMapError) {
            json = try JSON(
                input: input,
                options: JSON.ReadingOptions(
                    parser: options.parser, maximumDepth: options.maximumDepth,
                    allowsTrailingCommas: options.allowsTrailingCommas))
        } catch {
            throw DecodingError.invalidJSON(error)
        }
        let session = SparseDecodingSession()
        let result = Result { try decode(type, json, input, at: path, options, session, pool) }
        var learned = session.disqualified ? nil : session.shape(of: json.node)
        if let shape = learned, fallback == nil {
            // Judged on the type's first document: a type that reads (nearly) every value gains
            // nothing from a filtered parse and would pay for its checks (measured on
            // citm_catalog, whose model reads all of it), so it keeps the plain path.
            let coverage = shape.coverage(of: json.node)
            if coverage.kept * 10 >= coverage.total * 9 { learned = nil }
        }
        SparseSchemaCache.shared.learn(learned, for: key, after: fallback)
        return try result.get()
    }

    /// `decode(tree:input:at:options:pool:sparse:_:)` of `type` with a sparse session.
    private func decode<T: Decodable>(
        _ type: T.Type, _ tree: JSON, _ input: JSONInput, at path: JSONKeyPath?, _ options: Options,
        _ session: SparseDecodingSession, _ pool: TreeDecoderPool?
    ) throws -> T {
        try decode(tree: tree, input: input, at: path, options: options, pool: pool, sparse: session) {
            decoder, start in
            try decoder.unwrap(start, as: type, at: decoder.currentPath, .none)
        }
    }
}
