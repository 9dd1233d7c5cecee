import Foundation

/// A value behind a lock, with the shape of `Synchronization.Mutex` (`withLock { $0 ... }`).
///
/// FastMap uses it instead of `Mutex`: on Linux `Mutex` waits on a futex that ThreadSanitizer
/// cannot see, so it reports every pair of accesses made under the lock as a race and
/// `make sanitize` could not tell real races from those. `NSLock` is a `pthread_mutex_t`,
/// which ThreadSanitizer understands.
///
/// `@unchecked Sendable`: `value` is only read or written inside `withLock`.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
