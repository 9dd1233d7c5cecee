@_spi(FastMapCore) import FastMapCore

/// `[Element]` of any decodable element, read in one loop: what `Array.init(from:)` does through
/// an unkeyed container (same errors, same paths), without an existential container box and a
/// runtime metadata lookup per element.
package protocol DecodableArray {
    static func decodeElements(
        _ decoder: JSONTreeDecoder, _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> Self
}
