import Foundation

/// Caches snake-case conversions for the duration of one `encode` call, since models repeat
/// their keys. (`.custom` keys are not cached: the closure sees the whole coding path.)
struct SnakeCaseCache {
    /// A key compared by its UTF-8 bytes: Swift string equality would merge canonically
    /// equivalent keys (`"é"` and `"e\u{301}"`), which convert to different bytes.
    private struct ExactKey: Hashable {
        let string: String

        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
            lhs.string.utf8.elementsEqual(rhs.string.utf8)
        }

        func hash(into hasher: inout Hasher) {
            for byte in string.utf8 { hasher.combine(byte) }
        }
    }

    private var converted: [ExactKey: String] = [:]

    mutating func convert(_ key: String) -> String {
        let exact = ExactKey(string: key)
        if let cached = converted[exact] { return cached }
        let result = SnakeCaseConversion.convert(key)
        if converted.count < 4096 { converted[exact] = result }
        return result
    }
}
