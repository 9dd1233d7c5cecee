@_spi(FastMapCore) import FastMapCore

/// `[T]` under `.skipInvalidArrayElements`: element by element, dropping those that fail.
package protocol LossyDecodableArray {
    static func decodeSkippingInvalidElements(
        _ decoder: JSONTreeDecoder, _ node: JSONNode, at path: CodingPathReference, _ step: CodingPathComponent?
    ) throws -> Self
}
