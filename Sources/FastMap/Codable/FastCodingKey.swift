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

    package init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    package static let `super` = FastCodingKey(stringValue: "super")
}
