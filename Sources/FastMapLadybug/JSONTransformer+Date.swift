import Foundation

/// Decodes the date as seconds since 1970 from a JSON number (or a string holding one).
public let secondsSince1970: JSONTransformer = DateTransformer(.secondsSince1970)

/// Decodes the date as milliseconds since 1970 from a JSON number (or a string holding one):
/// also how a `Date` property without a transformer is read, as in Ladybug.
public let millisecondsSince1970: JSONTransformer = DateTransformer(.millisecondsSince1970)

/// Decodes the date from an ISO 8601 (RFC 3339) string, with or without fractional seconds.
public let iso8601: JSONTransformer = DateTransformer(.iso8601)

/// Decodes the date from a string in a `DateFormatter` format such as `"MM/dd/yyyy"`.
///
/// The format is read with the `en_US_POSIX` locale in UTC, so the result does not depend on
/// the machine's settings; a zone in the string itself (`"yyyy-MM-dd HH:mm Z"`) is honoured.
public func format(_ format: String) -> JSONTransformer {
    DateTransformer(.format(format))
}

/// Decodes the date with a closure that gets the JSON value as `JSONSerialization` would give
/// it (or `nil` when missing). Returning `nil` leaves the property to its own key, and a
/// non-optional property without a value fails to decode. Decode only: `toData()` writes the
/// date as milliseconds since 1970.
public func custom(_ adapter: @escaping @Sendable (Any?) -> Date?) -> JSONTransformer {
    DateTransformer(.adapter(adapter))
}

/// Gives the property the date of decoding, whatever the JSON holds. Decode only.
public let currentDate: JSONTransformer = custom { _ in Date() }

/// How a date transformer reads (and `toData()` writes) a date.
enum DateCoding: Sendable {
    case secondsSince1970
    case millisecondsSince1970
    case iso8601
    case format(String)
    case adapter(@Sendable (Any?) -> Date?)

    /// What the transformer expects, for error messages.
    var expectation: String {
        switch self {
        case .secondsSince1970: "a number of seconds since 1970"
        case .millisecondsSince1970: "a number of milliseconds since 1970"
        case .iso8601: "an ISO 8601 date string"
        case .format(let format): "a date string in the format \"\(format)\""
        case .adapter: "a value the custom date adapter accepts"
        }
    }

    /// The date a JSON value stands for, or nil when it does not match the format.
    func date(from value: JSON, formatters: DateFormatterLease) -> Date? {
        switch self {
        case .secondsSince1970, .millisecondsSince1970:
            let seconds: Double?
            if let number = value.double {
                seconds = number
            } else if let text = value.string {
                seconds = Double(text.trimmingCharacters(in: .whitespaces))
            } else {
                seconds = nil
            }
            guard let seconds, seconds.isFinite else { return nil }
            if case .millisecondsSince1970 = self { return Date(timeIntervalSince1970: seconds / 1000) }
            return Date(timeIntervalSince1970: seconds)
        case .iso8601:
            return value.string.flatMap(Self.parseISO8601)
        case .format(let format):
            return value.string.flatMap { formatters.formatter(for: format).date(from: $0) }
        case .adapter(let adapter):
            return adapter(value.foundationObject)
        }
    }

    /// The date a value produced by a `Map` or held in a dictionary stands for.
    func date(fromFoundation value: Any, formatters: DateFormatterLease) -> Date? {
        if let date = value as? Date { return date }
        if case .adapter(let adapter) = self { return adapter(value) }
        guard let json = try? JSON(foundationObject: value) else { return nil }
        return date(from: json, formatters: formatters)
    }

    /// The JSON `toData()` writes for `date`: what this transformer reads back.
    func json(for date: Date, formatters: DateFormatterLease) -> JSON {
        switch self {
        case .secondsSince1970:
            return (try? JSON(date.timeIntervalSince1970)) ?? .null
        case .millisecondsSince1970, .adapter:
            return (try? JSON(date.timeIntervalSince1970 * 1000)) ?? .null
        case .iso8601:
            let seconds = date.timeIntervalSince1970
            let style = Date.ISO8601FormatStyle(includingFractionalSeconds: seconds != seconds.rounded(.down))
            return JSON(date.formatted(style))
        case .format(let format):
            return JSON(formatters.formatter(for: format).string(from: date))
        }
    }

    private static let plainISO8601 = Date.ISO8601FormatStyle()
    private static let fractionalISO8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func parseISO8601(_ text: String) -> Date? {
        if let date = try? plainISO8601.parse(text) { return date }
        return try? fractionalISO8601.parse(text)
    }
}

/// A date transformer: one of the global constants and functions above.
struct DateTransformer: JSONTransformer {
    let coding: DateCoding

    init(_ coding: DateCoding) {
        self.coding = coding
    }

    var keyPath: JSONKeyPath? { nil }

    /// Ladybug's rewrite: the date under `propertyKey` becomes milliseconds since 1970, which is
    /// how `Date` properties decode.
    func transform(_ json: inout [String: Any], mappingTo propertyKey: PropertyKey) {
        let lease = DateFormatterLease()
        defer { lease.giveBack() }
        let value = json[propertyKey]
        let date: Date?
        if case .adapter(let adapter) = coding {
            date = adapter(value)
        } else {
            date = value.flatMap { coding.date(fromFoundation: $0, formatters: lease) }
        }
        if let date { json[propertyKey] = Self.milliseconds(of: date) }
    }

    /// Ladybug writes whole milliseconds as `Int` (readers of the rewritten dictionary cast to
    /// `Int`); an instant too far out for `Int` (or not finite) stays a `Double` instead of trapping.
    static func milliseconds(of date: Date) -> Any {
        let milliseconds = date.timeIntervalSince1970 * 1000
        guard milliseconds.isFinite, let whole = Int(exactly: milliseconds.rounded(.towardZero)) else {
            return milliseconds
        }
        return whole
    }

    /// Writes the milliseconds under `propertyKey` back in this transformer's form.
    func reverseTransform(_ json: inout [String: Any], mappingFrom propertyKey: PropertyKey) {
        let value = json[propertyKey]
        guard
            let milliseconds = (value as? Int).map(Double.init) ?? (value as? NSNumber)?.doubleValue ?? value as? Double
        else { return }
        let lease = DateFormatterLease()
        defer { lease.giveBack() }
        let date = Date(timeIntervalSince1970: milliseconds / 1000)
        json[propertyKey] = coding.json(for: date, formatters: lease).foundationObject
    }
}

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

/// A formatter moving between the pool and one lease; only one thread uses it at a time.
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

/// Idle formatters by format, a few per format.
final class DateFormatterPool: Sendable {
    static let shared = DateFormatterPool()
    private static let idleLimit = 8
    private let idle = LockedValue<[String: [PooledDateFormatter]]>([:])

    func borrow(_ format: String) -> PooledDateFormatter {
        let reused = idle.withLock { $0[format]?.popLast() }
        return reused ?? .make(format)
    }

    func giveBack(_ formatters: [PooledDateFormatter]) {
        idle.withLock { idle in
            for formatter in formatters where idle[formatter.format, default: []].count < Self.idleLimit {
                idle[formatter.format, default: []].append(formatter)
            }
        }
    }
}
