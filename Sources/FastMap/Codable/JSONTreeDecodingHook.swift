@_spi(FastMapCore) import FastMapCore

/// The one place where a decoding front end built on ``FastJSONDecoder`` (the Ladybug dialect,
/// say) takes over types it decodes its own way. The tree decoder asks the hook of the current
/// call before it falls back to `T(from:)`; a call without a hook behaves as `JSONDecoder`.
///
/// To add a front end: set `FastJSONDecoder.Options.hook` for your calls, return `nil` for
/// every type that is not yours, and decode yours from `node` with `decoder` (its containers,
/// errors and coding path are the plain decoder's).
package protocol JSONTreeDecodingHook: AnyObject, Sendable {
    /// Decodes `type` from `node` if it is one of this front end's types; `nil` otherwise.
    func decode<T: Decodable>(
        _ type: T.Type, from node: JSONNode, in decoder: JSONTreeDecoder, at reference: CodingPathReference,
        _ step: CodingPathComponent?
    ) throws -> T?
}
