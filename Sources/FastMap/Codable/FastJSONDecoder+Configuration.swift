import Foundation

/// Foundation's nested names, so that `typealias JSONDecoder = FastJSONDecoder` leaves code that
/// spells `JSONDecoder.DateDecodingStrategy.iso8601` (and the like) compiling unchanged.
extension FastJSONDecoder {
    /// Foundation's `JSONDecoder.KeyDecodingStrategy`.
    public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
    /// Foundation's `JSONDecoder.DateDecodingStrategy`.
    public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
    /// Foundation's `JSONDecoder.DataDecodingStrategy`.
    public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
    /// Foundation's `JSONDecoder.NonConformingFloatDecodingStrategy`.
    public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy
}

/// `DecodableWithConfiguration`: the two forms `JSONDecoder` offers.
extension FastJSONDecoder {
    /// Decodes a `DecodableWithConfiguration` value of type `T` from JSON text, handing
    /// `configuration` to its `init(from:configuration:)`.
    ///
    /// - Throws: as ``decode(_:from:)-(_,Data)``.
    public func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        try data.withUnsafeBytes { input in
            try decode(input: input, at: nil) { decoder, root in
                try decoder.with(root, at: decoder.currentPath, nil) {
                    try type.init(from: decoder, configuration: configuration)
                }
            }
        }
    }

    /// Decodes a `DecodableWithConfiguration` value of type `T` from JSON text with the
    /// configuration that `configuration` provides.
    public func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where
        T: DecodableWithConfiguration, C: DecodingConfigurationProviding,
        T.DecodingConfiguration == C.DecodingConfiguration
    {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }
}
