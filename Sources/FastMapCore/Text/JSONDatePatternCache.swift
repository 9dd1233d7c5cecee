import Foundation

/// One `DateFormatter` per pattern, shared: creating a formatter costs far more than a parse.
///
/// `@unchecked Sendable`: `boxes` is only read or written under `lock`.
package final class JSONDatePatternCache: @unchecked Sendable {
    package static let shared = JSONDatePatternCache()

    /// Serializes use of one formatter, which is not documented as thread-safe on Linux.
    ///
    /// `@unchecked Sendable` (`DateFormatter` is not): the formatter is configured in `init` and
    /// then only used under `lock`.
    package final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private let formatter: DateFormatter

        package init(pattern: String) {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
        }

        package func date(from text: String) -> Date? {
            lock.withLock { formatter.date(from: text) }
        }

        package func string(from date: Date) -> String {
            lock.withLock { formatter.string(from: date) }
        }
    }

    private let lock = NSLock()
    private var boxes: [String: Box] = [:]

    package func formatter(for pattern: String) -> Box {
        lock.withLock {
            if let box = boxes[pattern] { return box }
            let box = Box(pattern: pattern)
            boxes[pattern] = box
            return box
        }
    }
}
