/// `@Default(…, onInvalid: true)`: a value that is there but does not decode falls back.
extension JSONModelRuntime {
    /// The value `body` reads, or `nil` when it throws; the error goes to the
    /// `JSONDecodingReport` of the decode call, when there is one.
    @inlinable
    public static func recovering<Value>(_ decoder: any Decoder, _ body: () throws -> Value?) -> Value? {
        do {
            return try body()
        } catch {
            JSONDecodingReport.record(error, in: decoder)
            return nil
        }
    }

    /// The decoder form above, for a generated `init(document:)`.
    @inlinable
    public static func recovering<Value>(_ container: JSONObjectReader, _ body: () throws -> Value?) -> Value? {
        do {
            return try body()
        } catch {
            JSONDecodingReport.record(error, in: container)
            return nil
        }
    }
}
