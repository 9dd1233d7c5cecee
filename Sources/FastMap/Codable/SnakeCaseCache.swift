@_spi(FastMapCore) import FastMapCore
import Foundation

/// Caches snake-case conversions for the duration of one `encode` call, since models repeat
/// their keys. (`.custom` keys are not cached: the closure sees the whole coding path.)
struct SnakeCaseCache {
    /// By bytes (``ExactString``): equivalent keys convert to different bytes.
    private var converted: [ExactString: String] = [:]

    mutating func convert(_ key: String) -> String {
        let exact = ExactString(key)
        if let cached = converted[exact] { return cached }
        let result = SnakeCaseConversion.convert(key)
        if converted.count < 4096 { converted[exact] = result }
        return result
    }
}
