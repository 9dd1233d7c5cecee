import Foundation

/// `DateFormatter`s are expensive to make and not safe to share between threads, so each
/// decode or encode call borrows one per format from a process-wide pool and gives it back
/// when done.
final class DateFormatterLease {
    private var borrowed: [String: DateFormatter] = [:]

    func formatter(for format: String) -> DateFormatter {
        if let formatter = borrowed[format] { return formatter }
        let formatter = DateFormatterPool.shared.borrow(format)
        borrowed[format] = formatter.formatter
        return formatter.formatter
    }

    func giveBack() {
        guard !borrowed.isEmpty else { return }
        DateFormatterPool.shared.giveBack(borrowed.map { PooledDateFormatter(format: $0.key, formatter: $0.value) })
        borrowed = [:]
    }
}
