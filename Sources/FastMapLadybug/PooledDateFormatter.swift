import Foundation

/// A formatter moving between the pool and one lease; only one thread uses it at a time.
///
/// `@unchecked Sendable` (`DateFormatter` is not): both properties are immutable, and the
/// formatter belongs to one `DateFormatterLease` (one decode or encode call) at a time, passing
/// between leases only through `DateFormatterPool`'s lock.
final class PooledDateFormatter: @unchecked Sendable {
    let format: String
    let formatter: DateFormatter

    init(format: String, formatter: DateFormatter) {
        self.format = format
        self.formatter = formatter
    }

    /// A formatter for `format` that reads the same on every machine.
    static func make(_ format: String) -> PooledDateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        return PooledDateFormatter(format: format, formatter: formatter)
    }
}
