import Foundation

/// A date's JSON form for `@DateFormat(...)`, independent of the coder's date strategy.
///
/// Text formats: ``iso8601`` (`1996-12-19T16:39:57-08:00`), ``iso8601WithFractionalSeconds``
/// (`2021-08-30T18:35:19.001Z`), ``rfc3339``, ``rfc2822`` (`Thu, 19 Dec 1996 16:39:57 GMT`) and
/// ``format(_:)`` with a Unicode date pattern (`"y-MM-dd"`, read and written in UTC with the
/// `en_US_POSIX` locale). Number formats: ``secondsSince1970`` and ``millisecondsSince1970``.
/// ``custom(_:)`` names a ``JSONDateCoding`` type of yours.
public struct JSONDateFormat: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case iso8601, iso8601WithFractionalSeconds, rfc3339, rfc2822
        case secondsSince1970, millisecondsSince1970
        case pattern(String)
        case custom(any JSONDateCoding.Type)
    }

    let kind: Kind

    /// ISO 8601 internet date and time; written in UTC without fractional seconds. Reading also
    /// accepts fractional seconds.
    public static let iso8601 = JSONDateFormat(kind: .iso8601)
    /// ISO 8601 with milliseconds (`.SSS`), written in UTC.
    public static let iso8601WithFractionalSeconds = JSONDateFormat(kind: .iso8601WithFractionalSeconds)
    /// RFC 3339 (`1996-12-19T16:39:57-08:00`, also with a space for the `T`); written in UTC.
    public static let rfc3339 = JSONDateFormat(kind: .rfc3339)
    /// RFC 2822 (`Thu, 19 Dec 1996 16:39:57 GMT`); written as `Thu, 19 Dec 1996 16:39:57 +0000`.
    public static let rfc2822 = JSONDateFormat(kind: .rfc2822)
    /// Seconds since 1970-01-01T00:00:00Z, as a JSON number.
    public static let secondsSince1970 = JSONDateFormat(kind: .secondsSince1970)
    /// Milliseconds since 1970-01-01T00:00:00Z, as a JSON number.
    public static let millisecondsSince1970 = JSONDateFormat(kind: .millisecondsSince1970)

    /// A Unicode (TR35) date pattern such as `"y-MM-dd"` or `"dd/MM/yyyy HH:mm"`, in UTC with the
    /// `en_US_POSIX` locale. `@JSONModel` rejects unknown pattern letters at compile time.
    public static func format(_ pattern: String) -> JSONDateFormat {
        JSONDateFormat(kind: .pattern(pattern))
    }

    /// Your own date coding.
    public static func custom<Coding: JSONDateCoding>(_ coding: Coding.Type) -> JSONDateFormat {
        JSONDateFormat(kind: .custom(coding))
    }

    /// Whether the JSON form is a number rather than a string.
    public var isNumeric: Bool {
        switch kind {
        case .secondsSince1970, .millisecondsSince1970: true
        default: false
        }
    }

    /// The format's name, for error messages.
    public var description: String {
        switch kind {
        case .iso8601: "ISO 8601"
        case .iso8601WithFractionalSeconds: "ISO 8601 with fractional seconds"
        case .rfc3339: "RFC 3339"
        case .rfc2822: "RFC 2822"
        case .secondsSince1970: "seconds since 1970"
        case .millisecondsSince1970: "milliseconds since 1970"
        case .pattern(let pattern): "date format \"\(pattern)\""
        case .custom(let coding): "\(coding)"
        }
    }

    /// The date `text` denotes in this format; throws a `FastMapError` (`invalidValue`) when it
    /// does not parse. Number formats read numeric text.
    public func date(from text: String) throws -> Date {
        let date: Date?
        switch kind {
        case .iso8601, .iso8601WithFractionalSeconds, .rfc3339:
            date = JSONDateText.parseISO8601(text)
        case .rfc2822:
            date = JSONDateText.parseRFC2822(text)
        case .secondsSince1970, .millisecondsSince1970:
            if let number = Double(text), number.isFinite { return try self.date(from: number) }
            date = nil
        case .pattern(let pattern):
            date = JSONDateFormatterPool.shared.withFormatter(pattern) { $0.date(from: text) }
        case .custom(let coding):
            date = try Self.customDate(coding, from: text)
        }
        guard let date else { throw failure(found: .string, snippet: JSONDateText.quoted(text)) }
        return date
    }

    /// The date `number` denotes in a number format; throws for text formats.
    public func date(from number: Double) throws -> Date {
        switch kind {
        case .secondsSince1970 where number.isFinite:
            return Date(timeIntervalSince1970: number)
        case .millisecondsSince1970 where number.isFinite:
            return Date(timeIntervalSince1970: number / 1000)
        case .custom(let coding):
            if let date = try Self.customDate(coding, from: number) { return date }
        default:
            break
        }
        throw failure(found: .number, snippet: JSONLosslessScalar.text(of: number))
    }

    /// The text this format writes for `date` (text formats).
    public func string(from date: Date) -> String {
        switch kind {
        case .iso8601, .rfc3339: JSONDateText.formatISO8601(date, fractionalSeconds: false)
        case .iso8601WithFractionalSeconds: JSONDateText.formatISO8601(date, fractionalSeconds: true)
        case .rfc2822: JSONDateText.formatRFC2822(date)
        case .pattern(let pattern): JSONDateFormatterPool.shared.withFormatter(pattern) { $0.string(from: date) }
        case .secondsSince1970: JSONLosslessScalar.text(of: date.timeIntervalSince1970)
        case .millisecondsSince1970: JSONLosslessScalar.text(of: date.timeIntervalSince1970 * 1000)
        case .custom(let coding): (try? Self.customValue(coding, for: date)).map { "\($0)" } ?? ""
        }
    }

    /// The number this format writes for `date` (number formats; text formats give seconds).
    public func number(from date: Date) -> Double {
        switch kind {
        case .millisecondsSince1970: date.timeIntervalSince1970 * 1000
        default: date.timeIntervalSince1970
        }
    }

    private func failure(found kind: JSON.Kind, snippet: String) -> FastMapError {
        FastMapError(
            kind: .invalidValue, message: "expected a date in \(description) form, found \(kind)",
            expectedType: "Date (\(description))", foundKind: kind, foundSnippet: snippet)
    }

    private static func customDate<Coding: JSONDateCoding>(_ coding: Coding.Type, from value: Any) throws -> Date? {
        guard let json = value as? Coding.JSONValue else { return nil }
        return try coding.date(from: json)
    }

    private static func customValue<Coding: JSONDateCoding>(_ coding: Coding.Type, for date: Date) throws -> Any {
        try coding.jsonValue(for: date)
    }
}

/// Your own JSON form for dates, for `@DateFormat(.custom(MyDateCoding.self))`.
public protocol JSONDateCoding: SendableMetatype {
    /// What the JSON holds (a `String`, a `Double`, or any `Codable` value).
    associatedtype JSONValue: Codable

    /// The date for a decoded JSON value; throw when it does not convert.
    static func date(from json: JSONValue) throws -> Date

    /// The JSON value to write for `date`.
    static func jsonValue(for date: Date) throws -> JSONValue
}
