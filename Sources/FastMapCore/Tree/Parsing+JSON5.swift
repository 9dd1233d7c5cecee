internal import CFastMap

extension JSONDocument {
    /// Parses JSON5 text (Foundation's `allowsJSON5` dialect): translated to strict JSON, parsed
    /// by the chosen engine, its marker numbers turned back into their tokens. Errors point into
    /// `bytes`. Returns the document and the strict text (what numbers' exact texts are read
    /// from). With `lazyNumbers`, malformed numbers are kept for the reader to reject (as
    /// `JSONDecoder` does); without it they fail the parse (as a value must be writable).
    /// `memoryLimit` bounds the tree as for strict JSON (the translated text, at most a few
    /// bytes per input byte, is not counted).
    package static func parseJSON5(
        _ bytes: UnsafeRawBufferPointer, parser: JSONParser, maximumDepth: Int, memoryLimit: Int? = nil,
        usesArena: Bool, assumesTopLevelDictionary: Bool, lazyNumbers: Bool, packsText: Bool = false
    ) throws(FastMapError) -> (JSONDocument, [UInt8]) {
        let input = bytes.bindMemory(to: UInt8.self)
        var translator = JSON5Translator(input: input, lazyNumbers: lazyNumbers, maximumDepth: max(1, maximumDepth))
        try translator.translate(assumesTopLevelDictionary: assumesTopLevelDictionary)
        let strict = translator.output
        let result: Result<JSONDocument, FastMapError> = strict.withUnsafeBytes { raw in
            Result { () throws(FastMapError) -> JSONDocument in
                try JSONDocument.parse(
                    raw, parser: parser, maximumDepth: maximumDepth, memoryLimit: memoryLimit, usesArena: usesArena,
                    allowsTrailingCommas: false, packsText: packsText)
            }
        }
        let document: JSONDocument
        switch result {
        case .success(let parsed): document = parsed
        case .failure(let error):
            var mapped = error
            if let location = error.location {
                let origins = translator.origins
                let offset = location.offset < origins.count ? origins[location.offset] : input.count
                mapped.location = JSON5Translator.location(of: offset, in: input)
            }
            throw mapped
        }
        fm_json5_restore_tokens(UnsafeMutablePointer(mutating: document.root.cell))
        return (document, strict)
    }
}
