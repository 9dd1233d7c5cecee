/// A model that reads its members through a ``JSONObjectReader``: what `@JSONModel` conforms a
/// struct or class to, beside `Decodable`. Conform through the macro, not by hand.
///
/// When such a model is a member of another one, or an array of them is, the outer model's
/// reader hands it a reader of its own object directly, with no `Decoder` and no dynamic cast in
/// between; every other decoder, and FastJSONDecoder everywhere else, still calls
/// `init(from:)`. The values and errors are the same either way.
public protocol JSONObjectDecodable: Decodable {
    /// The model read from `reader`'s object, as `init(from:)` reads it.
    static func readJSONObject(_ reader: JSONObjectReader) throws -> Self
}

extension JSONObjectDecodable {
    /// The value read by its `init(from:)`, with the `Decoder` at the reader's object: the
    /// conformance of a `@JSONModel` class that does not read a reader itself (one that may have
    /// subclasses, or that inherits its superclass's coding), and of its subclasses.
    public static func readJSONObject(_ reader: JSONObjectReader) throws -> Self {
        try Self(from: reader.decoder)
    }
}
