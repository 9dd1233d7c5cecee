import Foundation

/// The one place FastMap keeps `DateFormatter`s: idle formatters by pattern, a few per
/// pattern, for every front end (the models' `.pattern` dates, Ladybug's `format(_:)`).
///
/// Making a formatter costs far more than a parse, and one formatter is not documented as
/// thread-safe on Linux, so a user borrows one (no other thread touches it meanwhile) and gives
/// it back; concurrent decodes each get their own instead of queueing on a shared one.
package final class JSONDateFormatterPool: Sendable {
    package static let shared = JSONDateFormatterPool()
    private static let idleLimit = 8
    private let idle = LockedValue<[String: [JSONPooledDateFormatter]]>([:])

    /// An idle formatter for `pattern`, or a new one.
    package func borrow(_ pattern: String) -> JSONPooledDateFormatter {
        let reused = idle.withLock { $0[pattern]?.popLast() }
        return reused ?? JSONPooledDateFormatter(pattern: pattern)
    }

    /// Takes formatters back, keeping at most a few idle ones per pattern.
    package func giveBack(_ formatters: [JSONPooledDateFormatter]) {
        idle.withLock { idle in
            for formatter in formatters where idle[formatter.pattern, default: []].count < Self.idleLimit {
                idle[formatter.pattern, default: []].append(formatter)
            }
        }
    }

    /// `body` with a formatter for `pattern` that no other thread uses meanwhile.
    package func withFormatter<Result>(_ pattern: String, _ body: (DateFormatter) throws -> Result) rethrows
        -> Result
    {
        let borrowed = borrow(pattern)
        defer { giveBack([borrowed]) }
        return try body(borrowed.formatter)
    }
}

/// A formatter moving between the pool and one user; only one thread uses it at a time.
///
/// `@unchecked Sendable` (`DateFormatter` is not): both properties are immutable, and the
/// formatter belongs to one borrower at a time, passing between borrowers only through
/// ``JSONDateFormatterPool``'s lock.
package final class JSONPooledDateFormatter: @unchecked Sendable {
    package let pattern: String
    package let formatter: DateFormatter

    /// A formatter for `pattern` that reads and writes the same on every machine: POSIX
    /// locale, Gregorian calendar, UTC.
    init(pattern: String) {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = pattern
        self.pattern = pattern
        self.formatter = formatter
    }
}
