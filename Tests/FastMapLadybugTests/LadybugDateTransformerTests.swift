import FastMapLadybug
import Foundation
import Testing

/// The date transformers: reading, round trips in their formats, unreadable dates, adapters.
@Suite("Ladybug transformers: dates")
struct LadybugDateTransformerTests {
    struct Dates: JSONCodable, Equatable {
        let plain: Date
        let seconds: Date
        let millis: Date
        let iso: Date
        let isoFraction: Date
        let formatted: Date
        let zoned: Date
        let textSeconds: Date
        let optional: Date?

        static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
            "seconds": secondsSince1970,
            "millis": "ms" <- millisecondsSince1970,
            "iso": iso8601,
            "isoFraction": iso8601,
            "formatted": format("dd MMM yyyy HH:mm"),
            "zoned": format("yyyy-MM-dd HH:mm Z"),
            "textSeconds": secondsSince1970,
            "optional": "opt" <- format("yyyy"),
        ]
    }

    static let datesJSON = """
        {"plain": 1500000000000, "seconds": 1500000000.5, "ms": 1500000000250, "iso": "2017-07-14T02:40:00Z",
         "isoFraction": "2017-07-14T04:40:00.125+02:00", "formatted": "14 Jul 2017 02:40",
         "zoned": "2017-07-14 04:40 +0200", "textSeconds": "1500000000", "opt": null}
        """

    @Test func dateTransformers() throws {
        let dates = try Dates(data: Data(Self.datesJSON.utf8))
        let instant = Date(timeIntervalSince1970: 1_500_000_000)
        #expect(dates.plain == instant)
        #expect(dates.seconds == instant.addingTimeInterval(0.5))
        #expect(dates.millis == instant.addingTimeInterval(0.25))
        #expect(dates.iso == instant)
        #expect(dates.isoFraction == instant.addingTimeInterval(0.125))
        #expect(dates.formatted == instant)
        #expect(dates.zoned == instant)
        #expect(dates.textSeconds == instant)
        #expect(dates.optional == nil)
    }

    @Test func datesRoundTripInTheirFormats() throws {
        var dates = try Dates(data: Data(Self.datesJSON.utf8))
        dates = Dates(
            plain: dates.plain, seconds: dates.seconds, millis: dates.millis, iso: dates.iso,
            isoFraction: dates.isoFraction, formatted: dates.formatted, zoned: dates.zoned,
            textSeconds: dates.textSeconds, optional: utcDate(1999, 1, 1))
        let written = try JSON(data: dates.toData())
        #expect(written["plain"] == 1_500_000_000_000)
        #expect(written["seconds"] == 1_500_000_000.5)
        #expect(written["ms"] == 1_500_000_000_250)
        #expect(written["iso"] == "2017-07-14T02:40:00Z")
        #expect(written["isoFraction"] == "2017-07-14T02:40:00.125Z")
        #expect(written["formatted"] == "14 Jul 2017 02:40")
        #expect(written["zoned"] == "2017-07-14 02:40 +0000")
        #expect(written["opt"] == "1999")
        #expect(try Dates(data: dates.toData()) == dates)
    }

    @Test(arguments: [
        (#""iso": 5"#, "iso", "an ISO 8601 date string", "number 5"),
        (#""iso": "2017-07-14""#, "iso", "an ISO 8601 date string", #"string "2017-07-14""#),
        (
            #""formatted": "2017-07-14""#, "formatted", #"a date string in the format "dd MMM yyyy HH:mm""#,
            #"string "2017-07-14""#
        ),
        (#""seconds": true"#, "seconds", "a number of seconds since 1970", "bool true"),
        (#""ms": [1]"#, "millis", "a number of milliseconds since 1970", "array [1]"),
    ])
    func unreadableDates(_ replacement: String, _ property: String, _ expectation: String, _ found: String) throws {
        let key = replacement.split(separator: ":")[0]
        let pattern = try Regex("\(key): [^,]*,")
        let broken = Self.datesJSON.replacing(pattern, with: replacement + ",", maxReplacements: 1)
        let (error, failure) = try #require(decodingFailure { try Dates(data: Data(broken.utf8)) })
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == [property])
        // The text names the kind found; the value itself is kept, not quoted.
        let kind = found.prefix(while: { $0 != " " })
        #expect(failure.message == "property `\(property)` of Dates: expected \(expectation), found \(kind)")
        #expect(failure.foundSnippet == String(found.dropFirst(kind.count + 1)))
        #expect(failure.expectedType == "Date")
    }

    /// An `encode(to:)` written by hand that hands its container an optional itself (`encode`,
    /// not `encodeIfPresent`): the date inside keeps its transformer's format, nil writes `null`.
    @Test func anOptionalDateHandedOverWholeKeepsItsFormat() throws {
        struct Stamp: JSONCodable {
            let at: Date?
            let never: Date?
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "at": "when" <- format("yyyy"), "never": iso8601,
            ]
            enum CodingKeys: String, CodingKey { case at, never }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(at, forKey: .at)
                try container.encode(never, forKey: .never)
            }
        }
        let written = try JSON(data: Stamp(at: utcDate(1999, 1, 1), never: nil).toData())
        #expect(written["when"] == "1999")
        #expect(written["never"]?.isNull == true)
    }

    /// `format(_:)` reads in `en_US_POSIX` and UTC, whatever the machine's locale and zone.
    @Test func formatIsIndependentOfTheMachine() throws {
        struct Day: JSONCodable {
            let day: Date
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = ["day": format("EEEE, MMM d, yyyy")]
        }
        let saved = NSTimeZone.default
        defer { NSTimeZone.default = saved }
        NSTimeZone.default = TimeZone(identifier: "Pacific/Kiritimati")!
        let day = try Day(data: Data(#"{"day": "Sunday, Oct 25, 1992"}"#.utf8))
        #expect(day.day == utcDate(1992, 10, 25))
        #expect(try JSON(data: day.toData())["day"] == "Sunday, Oct 25, 1992")
    }

    @Test func customAdapters() throws {
        struct Custom: JSONCodable {
            let parsed: Date
            let fallback: Date
            let now: Date
            static let transformersByPropertyKey: [PropertyKey: JSONTransformer] = [
                "parsed": "when"
                    <- custom { value in (value as? String) == "epoch" ? Date(timeIntervalSince1970: 0) : nil },
                "fallback": custom { _ in nil },
                "now": currentDate,
            ]
        }
        let before = Date()
        let value = try Custom(data: Data(#"{"when": "epoch", "fallback": 1000}"#.utf8))
        #expect(value.parsed == Date(timeIntervalSince1970: 0))
        #expect(value.fallback == Date(timeIntervalSince1970: 1))
        #expect(value.now >= before && value.now <= Date())
        let written = try JSON(data: value.toData())
        #expect(written["when"] == 0)
        #expect(written["fallback"] == 1000)
        #expect(try Custom(data: value.toData()).parsed == value.parsed)
    }
}
