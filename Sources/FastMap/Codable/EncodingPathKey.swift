import Foundation

/// The coding keys FastJSONEncoder adds to coding paths for positions without a key of the
/// caller's own: array positions (`Index 3`), `super`, and members of string-keyed
/// dictionaries written under a key strategy. They read like `JSONEncoder`'s.
struct EncodingPathKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    /// The key of the `index`-th element of an unkeyed container.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    static let superKey = EncodingPathKey(stringValue: "super")
}
