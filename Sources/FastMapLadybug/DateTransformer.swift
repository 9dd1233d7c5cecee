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
