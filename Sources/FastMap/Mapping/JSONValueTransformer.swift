import Foundation

/// Converts between a value as JSON holds it (`Encoded`, e.g. `String`) and the type a model
/// wants (`Decoded`, e.g. `URL`), in both directions.
///
/// ```swift
/// let website: URL? = try json.decode("website", transformer: .stringToURL)
/// let json = try JSON.build { try $0.encode(website, key: "website", transformer: .stringToURL) }
/// ```
///
/// A closure returning `nil` means the value cannot be converted; the mapping call then throws
/// a ``FastMapError`` (`invalidValue`) naming the path and the offending value. Closures may
/// also throw errors of their own, which reach the caller unchanged.
public struct JSONValueTransformer<Encoded, Decoded>: Sendable, CustomStringConvertible {
    /// JSON value to model value.
    public let decoding: @Sendable (Encoded) throws -> Decoded?
    /// Model value to JSON value.
    public let encoding: @Sendable (Decoded) throws -> Encoded?

    /// Creates a transformer from its two directions.
    public init(
        decoding: @escaping @Sendable (Encoded) throws -> Decoded?,
        encoding: @escaping @Sendable (Decoded) throws -> Encoded?
    ) {
        self.decoding = decoding
        self.encoding = encoding
    }

    /// `JSONValueTransformer String <-> URL`.
    public var description: String { "JSONValueTransformer \(Encoded.self) <-> \(Decoded.self)" }
}

extension JSONValueTransformer where Encoded == String, Decoded == URL {
    /// A URL written as a string; strings `URL(string:)` rejects fail.
    public static var stringToURL: JSONValueTransformer<String, URL> {
        JSONValueTransformer(decoding: { URL(string: $0) }, encoding: { $0.absoluteString })
    }
}

extension JSONValueTransformer where Encoded == String, Decoded == Date {
    /// A date written as ISO 8601 with milliseconds in UTC, `2016-06-07T12:34:56.789Z`
    /// (the `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` POSIX format); other spellings fail. Dates are
    /// written the same way, rounded to the nearest millisecond.
    public static var stringToDate: JSONValueTransformer<String, Date> {
        JSONValueTransformer(decoding: MillisecondDates.parse, encoding: MillisecondDates.format)
    }
}

/// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, read and written without a `DateFormatter`: the text is
/// fixed-width ASCII, so the fields are read by position and turned into a date with
/// calendar arithmetic that does not depend on the locale or the current time zone.
enum MillisecondDates {
    @Sendable
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let millisecond = number(20..<23),
            (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000)
    }

    @Sendable
    static func format(_ date: Date) -> String? {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard totalMilliseconds.isFinite, abs(totalMilliseconds) < 1e15 else { return nil }
        let milliseconds = Int(totalMilliseconds)
        let (seconds, millisecond) = floorDivide(milliseconds, 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millisecond, 3))Z"
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysFromCivil(year:month:day:)``.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
