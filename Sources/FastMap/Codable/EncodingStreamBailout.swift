import Foundation

/// Thrown through the value's `encode(to:)` once the streaming encoder has bailed out, so the
/// value stops encoding quickly; ``EncodingStream/encode(_:settings:)`` then starts over.
struct EncodingStreamBailout: Error {}
