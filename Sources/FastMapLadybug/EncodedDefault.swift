import Foundation

/// An `Encodable` default, encoded once on first use. The value is only read (to encode it),
/// under the lock.
///
/// `@unchecked Sendable` (`any Encodable` is not): `value` never changes after `init` and is
/// only read inside `encoded`'s lock, where the result is cached.
final class EncodedDefault: @unchecked Sendable {
    private let value: any Encodable
    private let encoded = LockedValue<Result<JSON, DefaultValueError>?>(nil)

    init(_ value: any Encodable) {
        self.value = value
    }

    var json: Result<JSON, DefaultValueError> {
        encoded.withLock { cached in
            if let cached { return cached }
            let result: Result<JSON, DefaultValueError>
            do {
                result = .success(try LadybugEncoding.encodeToJSON(value))
            } catch {
                result = .failure(
                    DefaultValueError(
                        message: "the default value of type \(type(of: value)) cannot be encoded: \(error)"))
            }
            cached = result
            return result
        }
    }
}
