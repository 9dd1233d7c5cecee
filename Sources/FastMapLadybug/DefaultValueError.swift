import Foundation

/// Why a default value has no JSON form.
struct DefaultValueError: Error {
    let message: String
}
