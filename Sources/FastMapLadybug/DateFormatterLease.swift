import Foundation

/// The formatters one decode or encode call uses, one per format, borrowed from the core's
/// process-wide ``JSONDateFormatterPool`` on first use and given back together when the call
/// ends (a call may format thousands of dates; it borrows once per format).
final class DateFormatterLease {
    private var borrowed: [String: JSONPooledDateFormatter] = [:]

    func formatter(for format: String) -> DateFormatter {
        if let borrowed = borrowed[format] { return borrowed.formatter }
        let formatter = JSONDateFormatterPool.shared.borrow(format)
        borrowed[format] = formatter
        return formatter.formatter
    }

    func giveBack() {
        guard !borrowed.isEmpty else { return }
        JSONDateFormatterPool.shared.giveBack(Array(borrowed.values))
        borrowed = [:]
    }
}
