@_spi(FastMapCore) import FastMapCore
import Foundation

/// The options of one `encode` call with the answers the hot paths ask for precomputed.
struct EncodingSettings {
    let options: EncodingOptions
    let prettyPrinted: Bool
    let sortedKeys: Bool
    let escapeSlashes: Bool
    /// `.useDefaultKeys`: keys are written as the value gives them.
    let usesDefaultKeys: Bool
    /// Whether `JSONObjectWriter` may write: default keys (a writer writes keys as given) and
    /// `EncodingOptions.writesModels`.
    let writesModels: Bool

    init(_ options: EncodingOptions) {
        self.options = options
        prettyPrinted = options.outputFormatting.contains(.prettyPrinted)
        sortedKeys = options.outputFormatting.contains(.sortedKeys)
        escapeSlashes = !options.outputFormatting.contains(.withoutEscapingSlashes)
        if case .useDefaultKeys = options.keyEncodingStrategy {
            usesDefaultKeys = true
        } else {
            usesDefaultKeys = false
        }
        writesModels = usesDefaultKeys && options.writesModels
    }

    /// `userInfo` as the `Encoder` protocol declares it.
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func makeWriter(capacity: Int = 1024) -> JSONByteWriter {
        JSONByteWriter(
            prettyPrinted: prettyPrinted, escapeSlashes: escapeSlashes,
            keyOrder: sortedKeys ? .utf8 : .stored, capacity: capacity)
    }

    /// Foundation's limit: a container nested this deep (counting the outermost as 1) makes
    /// `JSONEncoder` fail with "Unable to encode the given top-level value to JSON.".
    static let depthLimit = 512
}

extension EncodingSettings {
    /// Checks a floating-point value against the non-conforming float strategy (or against
    /// `.throw` when `strategy` is given, as for dates in seconds since 1970).
    @inline(__always)
    func classify<F: BinaryFloatingPoint>(
        _ value: F, strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil,
        path: () -> [any CodingKey]
    ) throws -> EncodedFloat {
        if value.isFinite { return .number }
        if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) =
            strategy ?? options.nonConformingFloatEncodingStrategy
        {
            if value.isNaN { return .string(nan) }
            return .string(value < 0 ? negativeInfinity : positiveInfinity)
        }
        throw EncodingError.fastMapNonConforming(value, codingPath: path())
    }
}
