import Foundation

/// What all encoders of one fallback encode share: the settings, the top-level value (named
/// by errors about the whole output), and the first misuse seen.
final class EncodingTreeSession {
    let settings: EncodingSettings
    let topLevel: Any
    /// `JSONEncoder` stops the process on a misused container; FastJSONEncoder records the
    /// first misuse, lets the value finish, and throws it.
    private(set) var misuse: EncodingError?
    private var snakeCase = SnakeCaseCache()

    init(settings: EncodingSettings, topLevel: Any) {
        self.settings = settings
        self.topLevel = topLevel
    }

    func recordMisuse(_ message: String, codingPath: [any CodingKey]) {
        if misuse == nil {
            misuse = .fastMapMisuse(topLevel, codingPath: codingPath, message: message)
        }
    }

    /// The key written for `key` in a container whose coding path is `path`.
    func writtenKey(_ key: some CodingKey, path: () -> [any CodingKey]) -> String {
        switch settings.options.keyEncodingStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            let original = key.stringValue
            return snakeCase.convert(original)
        case .custom(let transform):
            var fullPath = path()
            fullPath.append(key)
            return transform(fullPath).stringValue
        @unknown default:
            return key.stringValue
        }
    }
}
