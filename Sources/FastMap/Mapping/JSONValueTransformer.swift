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

/// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, read and written without a `DateFormatter` (by
/// ``JSONDateText``): the text is fixed-width ASCII, so the fields are read by position and
/// turned into a date with calendar arithmetic that does not depend on the locale or the
/// current time zone.
enum MillisecondDates {
    @Sendable
    static func parse(_ text: String) -> Date? {
        JSONDateText.parseFixedUTC(text, milliseconds: true)
    }

    /// Nil for instants that do not round to a millisecond of a four-digit year (0000...9999).
    @Sendable
    static func format(_ date: Date) -> String? {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let first = Double(JSONDateText.days(year: 0, month: 1, day: 1)) * 86_400_000
        let end = Double(JSONDateText.days(year: 10_000, month: 1, day: 1)) * 86_400_000
        guard milliseconds.isFinite, milliseconds >= first, milliseconds < end else { return nil }
        return JSONDateText.formatISO8601(date, fractionalSeconds: true)
    }
}
