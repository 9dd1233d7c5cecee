import Foundation

extension DecodingError {
    /// The debug description of the error's context.
    var streamingSummary: String {
        context?.debugDescription ?? "\(self)"
    }
}
