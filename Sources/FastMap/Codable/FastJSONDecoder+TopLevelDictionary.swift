@_spi(FastMapCore) import FastMapCore
import Foundation

extension FastJSONDecoder {
    /// Strict JSON under `assumesTopLevelDictionary`: brace-less text is parsed as the members
    /// of an object, as `JSONDecoder` reads it; errors point into the original text.
    func decodeAssumingTopLevelDictionary<T>(
        input: JSONInput, at path: JSONKeyPath?, options: Options,
        _ body: (JSONTreeDecoder, JSONNode) throws -> T
    ) throws -> T {
        let parsed: (JSONDocument, [UInt8]?)
        do throws(FastMapError) {
            parsed = try JSONDocument.parseAssumingTopLevelDictionary(
                input, parser: options.parser, maximumDepth: options.maximumDepth, memoryLimit: options.memoryLimit,
                usesArena: true, allowsTrailingCommas: options.allowsTrailingCommas)
        } catch {
            throw DecodingError.invalidJSON(error)
        }
        let json = JSON(document: parsed.0)
        // Number texts are read at their offsets in the text that was parsed.
        guard let braced = parsed.1 else {
            return try decode(tree: json, input: input, at: path, options: options, body)
        }
        return try JSONInput.with(braced) { text in
            try decode(tree: json, input: text, at: path, options: options, body)
        }
    }
}
