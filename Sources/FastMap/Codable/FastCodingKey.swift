/// The coding keys the decoder makes itself: array indices (spelled `Index n` like
/// Foundation's), `super`, and keys read from the document.
package struct FastCodingKey: CodingKey, Sendable {
    package let stringValue: String
    package let intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    package init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// A key of a `[String: T]` member, as the standard library's `_DictionaryCodingKey` makes
    /// it: with an integer value when the text reads as one (`"03"` is 3).
    package init(dictionaryKey: String) {
        self.stringValue = dictionaryKey
        self.intValue = Int(dictionaryKey)
    }

    package init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    package static let `super` = FastCodingKey(stringValue: "super")
}
