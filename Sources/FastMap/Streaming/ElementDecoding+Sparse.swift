@_spi(FastMapCore) import FastMapCore

/// Sparse elements: the streaming parser builds each element with only what its type reads,
/// as learned from full elements (a schema per element type, in the process-wide
/// ``SparseSchemaCache``), and the element is decoded from that smaller tree. Any read the
/// filtered tree may answer differently (see ``SparseDecodingSession``), and any error, throws
/// that result away: the element is parsed again in full from its text, which the parser kept
/// (``StreamedElementFilter``), decoded from that tree and the schema widened by what it read.
/// So values and errors are always a full element's.
extension ElementDecoding {
    /// The schema cache's key for streamed elements decoded as `type`.
    static func sparseKey<T>(_ type: T.Type) -> SparseSchemaCache.Key {
        SparseSchemaCache.Key(type: ObjectIdentifier(type), path: nil, streamedElement: true)
    }

    /// Where a streaming parser takes the schema of elements decoded as `type` from (see
    /// `StreamingParser.filter(by:)`), nil when this call decodes in full.
    func schemaSource<T>(for type: T.Type) -> (@Sendable () -> JSONSparseSchema?)? {
        guard decodesSparsely else { return nil }
        let key = Self.sparseKey(type)
        return { SparseSchemaCache.shared.entry(key)?.schema }
    }

    /// Decodes one element's tree: filtered (falling back to its full tree), or in full,
    /// learning from it while its type has no schema yet.
    func decodeSparsely<T: Decodable>(
        _ type: T.Type, _ json: JSON, _ element: StreamedElement, spare: SpareTreeDecoder
    ) throws -> T {
        let key = Self.sparseKey(type)
        guard let schema = element.filter?.schema else {
            if !sparseEntryKnown.isSet {
                if SparseSchemaCache.shared.entry(key) == nil {
                    return try learn(
                        type, json, element, key: key, after: nil, judgingCoverage: true, spare: spare)
                }
                sparseEntryKnown.set()
            }
            return try decodeValue(type, json, index: element.index, spare: spare)
        }
        let session = spare.session(filteredBy: schema)
        let fallback: SparseSchemaCache.Fallback
        do {
            let value = try decodeValue(type, json, index: element.index, session: session, spare: spare)
            if !session.needsFullTree {
                decoder.sparseDecoding.countFilteredElement()
                return value
            }
            fallback = .read
        } catch {
            // Errors name what the full tree holds: they are made again from it.
            fallback = .error
        }
        decoder.sparseDecoding.count { $0.elementFallbacks += 1 }
        let full: JSON
        do throws(FastMapError) {
            full = try element.fullTree()
        } catch {
            throw DecodingError.invalidJSON(error)
        }
        // Elements built before an earlier fallback widened the schema say nothing about it (a
        // whole batch is built with the schema of its feed): they only widen it.
        let stale = SparseSchemaCache.shared.entry(key)?.schema !== schema
        return try learn(
            type, full, element, key: key, after: stale ? nil : fallback, judgingCoverage: false, spare: spare)
    }

    /// Decodes a full element tree, recording what the type reads, and widens its schema by it.
    /// `judgingCoverage`: the type's first element, which decides whether filtering pays.
    private func learn<T: Decodable>(
        _ type: T.Type, _ json: JSON, _ element: StreamedElement, key: SparseSchemaCache.Key,
        after fallback: SparseSchemaCache.Fallback?, judgingCoverage: Bool, spare: SpareTreeDecoder
    ) throws -> T {
        decoder.sparseDecoding.count { $0.learningElements += 1 }
        let session = SparseDecodingSession()
        let result = Result { try decodeValue(type, json, index: element.index, session: session, spare: spare) }
        var learned = session.disqualified ? nil : session.shape(of: json.node)
        if let shape = learned, judgingCoverage {
            // As for whole documents: a type that reads (nearly) every value of its first
            // element gains nothing from filtered elements and would pay for their checks.
            let coverage = shape.coverage(of: json.node)
            if coverage.kept * 10 >= coverage.total * 9 { learned = nil }
        }
        SparseSchemaCache.shared.learn(learned, for: key, after: fallback)
        return try result.get()
    }
}
