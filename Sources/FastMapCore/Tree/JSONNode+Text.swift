import Foundation

/// Reading a node's text without lending its bytes: the front ends get answers (a length, an
/// equality, a date, a member's name as a `String`), never a pointer into the tree.
extension JSONNode {
    /// The UTF-8 length of a string node.
    @inline(__always)
    package var stringCount: Int { stringBytes.count }

    /// Whether a string node's bytes are exactly `text`'s UTF-8.
    @inline(__always)
    package func stringEquals(_ text: String) -> Bool { stringBytes.elementsEqual(text.utf8) }

    /// Whether a string node holds exactly a JSON number (no spaces, no `+`, no hex).
    package var holdsNumberText: Bool { JSONNumberGrammar.matches(stringBytes) }

    /// A string node's date in the common ISO 8601 forms that ``JSONDateText`` reads without a
    /// formatter, or nil (the caller then asks Foundation's parser).
    package var commonISO8601Date: Date? { JSONDateText.parseCommonISO8601(stringBytes) }

    /// A string node's UUID when it has the form `UUID(uuidString:)` reads, or nil (the caller
    /// then leaves the text to `UUID(from:)`, for its error).
    package var uuidValue: UUID? { JSONUUIDText.parse(stringBytes) }

    /// Calls `body` for each member in document order, with the key as a Swift string.
    @inline(__always)
    package func forEachNamedMember<E: Error>(_ body: (String, JSONNode) throws(E) -> Void) throws(E) {
        try forEachMember { (key, value) throws(E) in try body(String(treeUTF8: key), value) }
    }
}
