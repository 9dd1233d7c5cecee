import Foundation

/// Foundation's nested names, so that `typealias JSONEncoder = FastJSONEncoder` leaves code that
/// spells `JSONEncoder.OutputFormatting.sortedKeys` (and the like) compiling unchanged.
extension FastJSONEncoder {
    /// Foundation's `JSONEncoder.OutputFormatting`.
    public typealias OutputFormatting = JSONEncoder.OutputFormatting
    /// Foundation's `JSONEncoder.DateEncodingStrategy`.
    public typealias DateEncodingStrategy = JSONEncoder.DateEncodingStrategy
    /// Foundation's `JSONEncoder.KeyEncodingStrategy`.
    public typealias KeyEncodingStrategy = JSONEncoder.KeyEncodingStrategy
    /// Foundation's `JSONEncoder.DataEncodingStrategy`.
    public typealias DataEncodingStrategy = JSONEncoder.DataEncodingStrategy
    /// Foundation's `JSONEncoder.NonConformingFloatEncodingStrategy`.
    public typealias NonConformingFloatEncodingStrategy = JSONEncoder.NonConformingFloatEncodingStrategy
}
