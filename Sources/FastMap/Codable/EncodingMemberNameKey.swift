/// The coding key of a member of a `[String: Value]` written under a key strategy, which
/// `JSONEncoder` encodes itself (keys unconverted). It also marks such members' positions:
/// a dictionary that is itself such a member keeps its name in the paths below it. A
/// string alone, so it fits in an existential's inline buffer (no allocation per member).
struct EncodingMemberNameKey: CodingKey, Sendable {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }

    init(stringValue: String) { self.stringValue = stringValue }

    init?(intValue: Int) { nil }
}
