/// The coding key of a `[String: Value]` member, as the standard library's `_DictionaryCodingKey`
/// makes it: with an integer value when the text reads as one (`"03"` is 3), and none under a
/// key strategy (Foundation then names members by their text alone).
///
/// Its integer is read when asked (by an error's coding path), not for every member, and it is
/// small enough for an existential's inline buffer, so putting it on the coding path allocates
/// nothing (``FastCodingKey``, with its stored `Int?`, did both for every member).
package struct DictionaryMemberKey: CodingKey, Sendable {
    package let stringValue: String
    private let readsInteger: Bool

    package init(_ name: String, readsInteger: Bool) {
        self.stringValue = name
        self.readsInteger = readsInteger
    }

    package init(stringValue: String) { self.init(stringValue, readsInteger: true) }

    package init?(intValue: Int) { self.init(String(intValue), readsInteger: true) }

    package var intValue: Int? { readsInteger ? Int(stringValue) : nil }
}
