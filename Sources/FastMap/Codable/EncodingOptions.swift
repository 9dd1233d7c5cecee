import Foundation

/// The configuration of a ``FastJSONEncoder``, copied once per `encode` call.
struct EncodingOptions {
    var outputFormatting: JSONEncoder.OutputFormatting = []
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
    var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Whether `@JSONModel` structs and final classes write their members through their
    /// generated writer (`JSONObjectWriter`); benchmarks and tests turn it off to measure and
    /// compare the `Codable` route on the same encoder.
    var writesModels = true
}
