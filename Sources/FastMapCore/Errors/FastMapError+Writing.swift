import Foundation

extension FastMapError {
    package static func writingTooDeep() -> FastMapError {
        FastMapError(
            kind: .depthLimit,
            message: "the value nests deeper than \(JSON.maximumWritingDepth) levels and cannot be written")
    }
}
