/// One ingested record: what the service decodes from each element of an upload.
public struct Event: Codable, Sendable, Equatable {
    /// The client's id for the event.
    public var id: Int
    /// What happened (`"click"`, `"view"`, ...).
    public var kind: String
    /// Who it happened to.
    public var user: String
    /// A measurement attached to the event.
    public var value: Double
    /// Free-form labels.
    public var tags: [String]

    /// Creates an event.
    public init(id: Int, kind: String, user: String, value: Double, tags: [String]) {
        self.id = id
        self.kind = kind
        self.user = user
        self.value = value
        self.tags = tags
    }
}
