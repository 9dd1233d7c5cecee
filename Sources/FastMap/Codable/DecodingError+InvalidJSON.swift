import Foundation

extension DecodingError {
    /// Malformed input: Foundation's case and empty path, with FastMap's line, column and byte
    /// offset in the description and the parse error as the underlying error (see
    /// ``CodingErrors/invalidJSON(_:at:)``, which makes it).
    package static func invalidJSON(_ error: FastMapError) -> DecodingError {
        CodingErrors.invalidJSON(error)
    }
}
