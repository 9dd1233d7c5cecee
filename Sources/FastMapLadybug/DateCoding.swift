import Foundation

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
