import Foundation

extension DecodingError {
    /// Malformed input: Foundation's case and empty path, with FastMap's line, column and byte
    /// offset in the description and the parse error as the underlying error.
    package static func invalidJSON(_ error: FastMapError) -> DecodingError {
        var description = "The given data was not valid JSON: \(error.message)"
        if let location = error.location { description += " (\(location))" }
        return .dataCorrupted(
            DecodingError.Context(reportingAt: [], debugDescription: description, underlyingError: error))
    }
}
