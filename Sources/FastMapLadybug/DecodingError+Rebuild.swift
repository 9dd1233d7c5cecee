import Foundation

extension DecodingError {
    /// The context and a way to build the same case with another context.
    var contextAndRebuild: (DecodingError.Context, (DecodingError.Context) -> DecodingError)? {
        switch self {
        case .typeMismatch(let type, let context): (context, { .typeMismatch(type, $0) })
        case .valueNotFound(let type, let context): (context, { .valueNotFound(type, $0) })
        case .keyNotFound(let key, let context): (context, { .keyNotFound(key, $0) })
        case .dataCorrupted(let context): (context, { .dataCorrupted($0) })
        @unknown default: nil
        }
    }
}
