import Foundation

extension DecodingError {
    /// The debug description of the error's context (`JSONDecoder`'s words, no payload).
    var streamingSummary: String {
        context?.debugDescription ?? "\(self)"
    }
}
