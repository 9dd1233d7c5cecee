import FastMap
import FastMapTestSupport
import Foundation

/// A member of an object (or an element of an array, whose key is unused) and the container
/// call that writes it.
struct RandomMember: Sendable {
    enum Mode: Sendable, CaseIterable {
        /// `encode(_:forKey:)` with the value (through the value's own `encode(to:)`).
        case generic
        /// The container's dedicated overload for scalars, `encodeIfPresent` for optionals.
        case direct
        /// A nested container filled at once.
        case nested
        /// A nested container filled after the members that follow it.
        case deferred
        /// `superEncoder()` (key `super`) or `superEncoder(forKey:)`.
        case superEncoder
    }

    var key: String
    var value: RandomValue
    var mode: Mode
}
