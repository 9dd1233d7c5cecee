/// A model that writes its members through a ``JSONObjectWriter``: what `@JSONModel` conforms a
/// struct or final class to, beside `Encodable`. Conform through the macro, not by hand.
///
/// When such a model is a member of another one, or an array of them is, the outer model's
/// writer hands it a writer of its own object directly, with no `Encoder`, no value position to
/// probe and no dynamic cast in between; every other encoder, and FastJSONEncoder everywhere
/// else, still calls `encode(to:)`. The output and errors are the same either way.
public protocol JSONObjectEncodable: Encodable {
    /// Runs the model's `willEncode` hook and writes its members into `writer`, whose object is
    /// open.
    func encode(writer: JSONObjectWriter) throws
}

extension JSONObjectEncodable {
    /// Writes the value through its `encode(to:)`, with an `Encoder` at the writer's object: the
    /// conformance of a `@JSONModel` class that does not write through a writer itself (one that
    /// may have subclasses, or that inherits its superclass's coding), and of its subclasses.
    public func encode(writer: JSONObjectWriter) throws {
        try writer.encodeFlattened(self)
    }
}
