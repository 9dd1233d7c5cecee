import Foundation

/// Hand-written parsers and printers for the fixed date formats: no formatter objects, no locks,
/// safe to call from any thread.
package enum JSONDateText {
    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    private static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    package static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, days since 1970-01-01)

    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func makeDate(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double, offset: Int
    ) -> Date? {
        guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    // MARK: ISO 8601 / RFC 3339

    /// `yyyy-MM-dd'T'HH:mm:ss[.fraction](Z|±HH:mm|±HHmm|±HH)`; `t` or a space may stand for `T`.
    package static func parseISO8601(_ text: String) -> Date? {
        var scanner = ByteScanner(text)
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
            let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
            let day = scanner.digits(2),
            scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " ")),
            let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
            let minute = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
            let second = scanner.digits(2)
        else { return nil }
        var fraction = 0.0
        if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
            var scale = 0.1
            var any = false
            while let digit = scanner.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                any = true
            }
            guard any else { return nil }
        }
        var offset = 0
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if scanner.take(UInt8(ascii: ":")) {
                guard let value = scanner.digits(2) else { return nil }
                minutes = value
            } else if let value = scanner.digits(2) {
                minutes = value
            }
            guard minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        return makeDate(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
            offset: offset)
    }

    package static func formatISO8601(_ date: Date, fractionalSeconds: Bool) -> String {
        let parts = split(date)
        var text =
            "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
        if fractionalSeconds { text += "." + pad(parts.millisecond, 3) }
        return text + "Z"
    }

    /// `date.formatted(.iso8601)` (what `JSONEncoder`'s `.iso8601` writes) for a whole second
    /// of the years 1600 through 9999, without the formatter's calendar; nil for any other date
    /// (a fraction, which the formatter truncates, or a year where calendars may differ), which
    /// the caller leaves to the formatter.
    package static func wholeSecondISO8601(_ date: Date) -> String? {
        guard isWholeSecondISO8601(date) else { return nil }
        return String(unsafeUninitializedCapacity: 20) { writeWholeSecondISO8601(date, into: $0.baseAddress!) }
    }

    /// Whether ``wholeSecondISO8601(_:)`` writes `date` (a whole second of the years 1600
    /// through 9999).
    static func isWholeSecondISO8601(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds >= earliestWholeSecond && seconds <= latestWholeSecond && seconds.rounded(.down) == seconds
    }

    /// Writes the 20 bytes of ``wholeSecondISO8601(_:)`` at `out` for a date
    /// ``isWholeSecondISO8601(_:)`` accepts; returns 20.
    static func writeWholeSecondISO8601(_ date: Date, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let total = Int(date.timeIntervalSince1970)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(days: days)
        func put(_ value: Int, _ width: Int, at start: Int) {
            var value = value
            for index in stride(from: start + width - 1, through: start, by: -1) {
                out[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, 4, at: 0)
        out[4] = UInt8(ascii: "-")
        put(month, 2, at: 5)
        out[7] = UInt8(ascii: "-")
        put(day, 2, at: 8)
        out[10] = UInt8(ascii: "T")
        put(secondOfDay / 3600, 2, at: 11)
        out[13] = UInt8(ascii: ":")
        put(secondOfDay % 3600 / 60, 2, at: 14)
        out[16] = UInt8(ascii: ":")
        put(secondOfDay % 60, 2, at: 17)
        out[19] = UInt8(ascii: "Z")
        return 20
    }

    /// 1600-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since 1970.
    private static let earliestWholeSecond = Double(days(year: 1600, month: 1, day: 1) * 86_400)
    private static let latestWholeSecond = Double(days(year: 10_000, month: 1, day: 1) * 86_400 - 1)

    // MARK: Fixed-width UTC timestamps

    /// `yyyy-MM-dd'T'HH:mm:ss'Z'`, or `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` with `milliseconds`, read by
    /// position from UTF-8 bytes: nil for any other length, separator or digit, or a field out
    /// of range.
    /// ``parseFixedUTC(_:milliseconds:)`` for the UTF-8 of a Swift string.
    package static func parseFixedUTC(_ text: String, milliseconds: Bool) -> Date? {
        var text = text
        return text.withUTF8 { parseFixedUTC($0, milliseconds: milliseconds) }
    }

    static func parseFixedUTC(_ bytes: UnsafeBufferPointer<UInt8>, milliseconds: Bool) -> Date? {
        guard bytes.count == (milliseconds ? 24 : 20), bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            !milliseconds || bytes[19] == UInt8(ascii: "."), bytes[bytes.count - 1] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            let millisecond = milliseconds ? number(20, 3) : 0,
            (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000)
    }

    /// The common form of `.iso8601` dates, `2016-08-29T13:54:37Z`, read as
    /// `Date.ISO8601FormatStyle` reads it but without its cost (microseconds a date, most of the
    /// time spent on a small record holding one). Nil for every other text, and for years before
    /// 1601: Foundation reads dates before the Gregorian reform of 1582 in the Julian calendar, and
    /// the margin keeps well clear of it. Callers then ask Foundation.
    static func parseCommonISO8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let date = parseFixedUTC(bytes, milliseconds: false),
            date.timeIntervalSince1970 >= Double(days(year: 1601, month: 1, day: 1) * 86_400)
        else { return nil }
        return date
    }

    // MARK: RFC 2822

    /// `[EEE,] d MMM yyyy HH:mm[:ss] zone`, zone being `±HHmm`, `UT`, `GMT`, `Z` or a US zone name.
    package static func parseRFC2822(_ text: String) -> Date? {
        var scanner = ByteScanner(text)
        scanner.skipSpaces()
        if let name = scanner.letters(), name.count == 3 {
            guard dayNames.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }),
                scanner.take(UInt8(ascii: ","))
            else { return nil }
            scanner.skipSpaces()
        }
        guard let day = scanner.number(maxDigits: 2), scanner.skipSpaces(),
            let monthName = scanner.letters(),
            let monthIndex = monthNames.firstIndex(where: { $0.caseInsensitiveCompare(monthName) == .orderedSame }),
            scanner.skipSpaces(),
            var year = scanner.number(maxDigits: 4), scanner.skipSpaces(),
            let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
            let minute = scanner.digits(2)
        else { return nil }
        if year < 50 {
            year += 2000
        } else if year < 1000 {
            year += 1900
        }
        var second = 0
        if scanner.take(UInt8(ascii: ":")) {
            guard let value = scanner.digits(2) else { return nil }
            second = value
        }
        guard scanner.skipSpaces() else { return nil }
        let offset: Int
        if let sign = scanner.sign() {
            guard let hours = scanner.digits(2), let minutes = scanner.digits(2), hours <= 23, minutes <= 59 else {
                return nil
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else if let zone = scanner.letters(), let hours = zoneOffsets[zone.uppercased()] {
            offset = hours * 3600
        } else {
            return nil
        }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return makeDate(
            year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second, fraction: 0,
            offset: offset)
    }

    private static let zoneOffsets: [String: Int] = [
        "UT": 0, "GMT": 0, "Z": 0, "UTC": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7,
    ]

    package static func formatRFC2822(_ date: Date) -> String {
        let parts = split(date)
        let weekday = dayNames[((parts.days % 7) + 7) % 7]
        return "\(weekday), \(pad(parts.day, 2)) \(monthNames[parts.month - 1]) \(pad(parts.year, 4)) "
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)) +0000"
    }

    // MARK: Helpers

    private static func split(_ date: Date) -> (
        days: Int, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int
    ) {
        // Foundation writes instants it cannot represent as the ends of its range (Julian day 0,
        // and 506713-02-07 for +infinity; NaN as the low end); clamping there also keeps the
        // conversion to Int below from trapping.
        let lowest = -210_866_760_000.0
        let highest = Double(days(year: 506_713, month: 2, day: 7)) * 86_400
        let seconds = date.timeIntervalSince1970
        let clamped = seconds.isNaN ? lowest : min(max(seconds, lowest), highest)
        // Nearest millisecond: a parsed ".001" is stored as 0.000999… in a Double.
        let totalMilliseconds = Int((clamped * 1000).rounded())
        let millisecond = ((totalMilliseconds % 1000) + 1000) % 1000
        let total = (totalMilliseconds - millisecond) / 1000
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(days: days)
        return (days, year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60, millisecond)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

/// A cursor over a string's UTF-8 bytes for the date parsers.
private struct ByteScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 0x30)
    }

    /// Exactly `count` digits.
    mutating func digits(_ count: Int) -> Int? {
        let start = index
        var value = 0
        for _ in 0..<count {
            guard let digit = digit() else {
                index = start
                return nil
            }
            value = value * 10 + digit
        }
        return value
    }

    /// One to `maxDigits` digits.
    mutating func number(maxDigits: Int) -> Int? {
        var value = 0
        var count = 0
        while count < maxDigits, let digit = digit() {
            value = value * 10 + digit
            count += 1
        }
        return count == 0 ? nil : value
    }

    mutating func sign() -> Int? {
        if take(UInt8(ascii: "+")) { return 1 }
        if take(UInt8(ascii: "-")) { return -1 }
        return nil
    }

    mutating func letters() -> String? {
        let start = index
        while index < bytes.count, (bytes[index] | 0x20) >= 0x61, (bytes[index] | 0x20) <= 0x7A { index += 1 }
        return index == start ? nil : String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips spaces and tabs; true when at least one was skipped.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index > start
    }
}
