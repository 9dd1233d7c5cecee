extension FastMapError {
    /// `message` (a parse failure's text as the C layer reports it) in FastMap's words.
    ///
    /// The C layer hands on yajl's own texts (`parse error: after key and value, inside map, I
    /// expect ',' or '}'`) next to its own; every reader (documents, streams, lines) comes
    /// through here, so each failure is said one way whatever engine found it. None of these
    /// texts quotes the input, and none of the results does: the one byte a C text names (a
    /// form feed or vertical tab between tokens) is said by name.
    package static func parseMessage(_ message: String) -> String {
        if let known = yajlWording[message] { return known }
        if let space = invalidSpace(message) { return space }
        // Another text (FastMap's own, or a yajl text not listed): its words without yajl's
        // "... error: " prefix and closing period.
        var text = Substring(message)
        for prefix in ["parse error: ", "lexical error: "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        if text.hasSuffix("."), !text.hasSuffix("..") { text = text.dropLast() }
        return String(text)
    }

    /// Whether a parse failure's text (as the C layer reports it) is yajl's for a token out of
    /// place, which is said at that token's first byte (`fm_parse_error.token_offset`), where a
    /// lexical error is said at the byte that broke its token.
    package static func saysTokenOutOfPlace(_ message: String) -> Bool {
        message.hasPrefix("parse error: ")
    }

    /// yajl 2's texts (`yajl_parser.c`, `yajl_lex.c`), as the C layer passes them on.
    private static let yajlWording: [String: String] = [
        "parse error: after key and value, inside map, I expect ',' or '}'":
            "expected ',' or '}' after an object member",
        "parse error: after array element, I expect ',' or ']'": "expected ',' or ']' after an array element",
        "parse error: object key and value must be separated by a colon (':')": "expected ':' after an object key",
        "parse error: invalid object key (must be a string)": "expected a string as an object key",
        "parse error: unallowed token at this point in JSON text": "unexpected token",
        "parse error: trailing garbage": "unexpected text after the end of the JSON document",
        "parse error: premature EOF": "unexpected end of input: the document is truncated",
        "parse error: integer overflow": "the number is out of range",
        "parse error: numeric (floating point) overflow": "the number is out of range",
        "parse error: invalid token, internal error": "unexpected token",
        "lexical error: invalid char in json text.": "invalid character",
        "lexical error: invalid string in json text.": "invalid string",
        "lexical error: invalid bytes in UTF8 string.": "invalid UTF-8 in string",
        "lexical error: invalid character inside string.": "unescaped control character in a string",
        "lexical error: inside a string, '\\' occurs before a character which it may not.":
            "invalid escape sequence in a string",
        "lexical error: invalid (non-hex) character occurs after '\\u' inside string.":
            "expected four hexadecimal digits after \\u in a string",
        "lexical error: malformed number, a digit is required after the exponent.":
            "malformed number: expected a digit after the exponent",
        "lexical error: malformed number, a digit is required after the decimal point.":
            "malformed number: expected a digit after the decimal point",
        "lexical error: malformed number, a digit is required after the minus sign.":
            "malformed number: expected a digit after the minus sign",
        "lexical error: probable comment found in input text, comments are not enabled.":
            "comments are not allowed in JSON",
        "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.":
            "a \\u escape holds a low surrogate without a high surrogate before it",
        "Unable to convert hex escape sequence (no low character) to UTF8-encoded character.":
            "a \\u escape holds a high surrogate without a low surrogate after it",
    ]

    /// The C layer's `lexical error: invalid character 0x0c in json text`, which it reports for
    /// a form feed or vertical tab between tokens (white space to yajl, not to JSON).
    private static func invalidSpace(_ message: String) -> String? {
        let prefix = "lexical error: invalid character 0x"
        guard message.hasPrefix(prefix), message.hasSuffix(" in json text") else { return nil }
        let hex = message.dropFirst(prefix.count).prefix(2)
        let name =
            switch hex {
            case "0c": "a form feed (U+000C)"
            case "0b": "a vertical tab (U+000B)"
            default: "a character"
            }
        return "invalid white space: \(name) is not JSON white space"
    }
}
