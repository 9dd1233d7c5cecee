/// Lets a `@JSONModel` type check or complete itself after decoding and before encoding.
///
/// `didDecode()` runs once every property is read (an error it throws fails the decode as it
/// is); `willEncode()` runs before anything is written. Both default to doing nothing.
///
/// ```swift
/// @JSONModel
/// struct Range: JSONModelHooks {
///     var low: Int
///     var high: Int
///     mutating func didDecode() throws {
///         if low > high { swap(&low, &high) }
///     }
/// }
/// ```
public protocol JSONModelHooks {
    /// Called at the end of the generated `init(from:)`.
    mutating func didDecode() throws
    /// Called at the start of the generated `encode(to:)`.
    func willEncode() throws
}

extension JSONModelHooks {
    /// Does nothing.
    public mutating func didDecode() throws {}
    /// Does nothing.
    public func willEncode() throws {}
}
