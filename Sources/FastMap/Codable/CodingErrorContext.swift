/// The one way FastMap makes the context of a `DecodingError`.
///
/// The standard library prints a `DecodingError` as `... Debug description: <text>. Underlying
/// error: ...`, adding its own period before the underlying error. Foundation's descriptions end
/// with a period but carry no underlying error; FastMap's carry a `FastMapError`, so a decoding
/// description drops its last period there and the printed error reads as Foundation's, plus
/// FastMap's facts. Encoding errors use Foundation's own context initializer: their descriptions stay
/// exactly Foundation's (code compares them).
extension DecodingError.Context {
    package init(reportingAt codingPath: [any CodingKey], debugDescription: String, underlyingError: (any Error)? = nil)
    {
        self.init(
            codingPath: codingPath,
            debugDescription: ErrorText.sentence(debugDescription, continued: underlyingError != nil),
            underlyingError: underlyingError)
    }
}

private enum ErrorText {
    /// `text` without its closing period when the standard library will add one.
    static func sentence(_ text: String, continued: Bool) -> String {
        guard continued, text.hasSuffix("."), !text.hasSuffix("..") else { return text }
        return String(text.dropLast())
    }
}
