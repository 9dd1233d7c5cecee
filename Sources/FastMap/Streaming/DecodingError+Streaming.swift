import Foundation

extension DecodingError {
    /// The debug description of the error's context.
    var streamingSummary: String {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context.debugDescription
        @unknown default:
            "\(self)"
        }
    }

    /// The same error with its context changed.
    func mappingContext(_ transform: (Context) -> Context) -> DecodingError {
        switch self {
        case .typeMismatch(let type, let context): .typeMismatch(type, transform(context))
        case .valueNotFound(let type, let context): .valueNotFound(type, transform(context))
        case .keyNotFound(let key, let context): .keyNotFound(key, transform(context))
        case .dataCorrupted(let context): .dataCorrupted(transform(context))
        @unknown default: self
        }
    }
}
