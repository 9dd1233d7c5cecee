import FastMapModels
import Foundation
import Testing

enum LoremDates: JSONDateCoding {
    static func date(from json: String) throws -> Date { Date(timeIntervalSince1970: 123) }
    static func jsonValue(for date: Date) throws -> String { "Kodable" }
}

@JSONModel
struct ModelDates: Equatable {
    @DateFormat(.iso8601) var iso8601: Date
    @Key("iso8601") @DateFormat(.iso8601) var isoDate: Date?
    @Key("iso8601_millisecond_date") @DateFormat(.iso8601WithFractionalSeconds) var isoMillisecondDate: Date?
    @Key("simple_date") @DateFormat(.format("y-MM-dd")) var simpleDate: Date
    @Key("rfc2822") @DateFormat(.rfc2822) var rfc2822Date: Date
    @Key("rfc3339") @DateFormat(.rfc3339) var rfc3339Date: Date
    @Key("timestamp") @DateFormat(.secondsSince1970) var timestamp: Date
    @Key("timestamp_ms") @DateFormat(.millisecondsSince1970) var milliseconds: Date
    @Key("timestamp_text") @DateFormat(.secondsSince1970) @Lossless var timestampFromText: Date
    @Key("custom_date") @DateFormat(.custom(LoremDates.self)) var customDate: Date?
    @DateFormat(.iso8601) var optionalDate: Date?
    @Key("timestamp_non_existent") @DateFormat(.secondsSince1970) @Default(Date(timeIntervalSince1970: 42))
    var defaultTimestamp: Date
}

@Suite("@JSONModel dates")
struct JSONModelDateTests {
    @Test func eachStrategyGivesKodablesDates() throws {
        let value = try JSONModelFixture.decode(ModelDates.self)
        #expect(value.iso8601.description == "1996-12-20 00:39:57 +0000")
        #expect(value.isoDate?.description == "1996-12-20 00:39:57 +0000")
        #expect(value.isoMillisecondDate?.description == "2021-08-30 18:35:19 +0000")
        #expect(value.isoMillisecondDate?.timeIntervalSince1970 == 1_630_348_519.001)
        #expect(value.simpleDate.description == "2001-01-01 00:00:00 +0000")
        #expect(value.rfc2822Date.description == "1996-12-19 16:39:57 +0000")
        #expect(value.rfc3339Date.description == "1996-12-20 00:39:57 +0000")
        #expect(value.timestamp.description == "2001-01-01 00:00:00 +0000")
        #expect(value.milliseconds.description == "2001-01-01 00:00:00 +0000")
        #expect(value.timestampFromText.description == "2001-01-01 00:00:00 +0000")
        #expect(value.customDate?.description == "1970-01-01 00:02:03 +0000")
        #expect(value.optionalDate == nil)
        #expect(value.defaultTimestamp.timeIntervalSince1970 == 42)
    }

    @Test func datesAreWrittenInTheirFormat() throws {
        let value = try JSONModelFixture.decode(ModelDates.self)
        let json = try JSONModelFixture.encoded(value)
        #expect(json["iso8601"]?.string == "1996-12-20T00:39:57Z")
        #expect(json["iso8601_millisecond_date"]?.string == "2021-08-30T18:35:19.001Z")
        #expect(json["simple_date"]?.string == "2001-01-01")
        #expect(json["rfc2822"]?.string == "Thu, 19 Dec 1996 16:39:57 +0000")
        #expect(json["rfc3339"]?.string == "1996-12-20T00:39:57Z")
        #expect(json["timestamp"]?.double == 978_307_200)
        #expect(json["timestamp_ms"]?.double == 978_307_200_000)
        #expect(json["custom_date"]?.string == "Kodable")
        #expect(json["optionalDate"] == nil)
        let again = try JSONModelFixture.roundTrip(value)
        #expect(again.iso8601 == value.iso8601 && again.rfc2822Date == value.rfc2822Date)
        #expect(again.isoMillisecondDate == value.isoMillisecondDate)
        #expect(again.simpleDate == value.simpleDate && again.milliseconds == value.milliseconds)
    }

    @Test func formatsParseTheirVariants() throws {
        let iso = JSONDateFormat.iso8601
        #expect(try iso.date(from: "2021-08-30T18:35:19Z").timeIntervalSince1970 == 1_630_348_519)
        #expect(try iso.date(from: "2021-08-30t18:35:19+0200").timeIntervalSince1970 == 1_630_348_519 - 7200)
        #expect(try iso.date(from: "2021-08-30 18:35:19-01").timeIntervalSince1970 == 1_630_348_519 + 3600)
        #expect(try iso.date(from: "1969-12-31T23:59:59.5Z").timeIntervalSince1970 == -0.5)
        #expect(try iso.date(from: "2000-02-29T00:00:00Z").timeIntervalSince1970 == 951_782_400)
        let rfc = JSONDateFormat.rfc2822
        #expect(try rfc.date(from: "19 Dec 1996 16:39 -0800").description == "1996-12-20 00:39:00 +0000")
        #expect(try rfc.date(from: "Thu,  19 Dec 96 16:39:57 EST").description == "1996-12-19 21:39:57 +0000")
        #expect(rfc.string(from: Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 +0000")
        #expect(
            JSONDateFormat.iso8601WithFractionalSeconds.string(from: Date(timeIntervalSince1970: -0.25))
                == "1969-12-31T23:59:59.750Z")
    }

    @Test func badDatesAreRejected() throws {
        let bad = [
            "2021-02-29T00:00:00Z", "2021-13-01T00:00:00Z", "2021-08-30T24:00:00Z", "2021-08-30T18:35:19",
            "2021-08-30T18:35:19+25:00", "2021-08-30T18:35:19Zjunk", "2021-08-30", "", "2021-08-30T18:35:19.Z",
        ]
        for text in bad {
            #expect(throws: FastMapError.self, "\(text)") { try JSONDateFormat.iso8601.date(from: text) }
        }
        for text in [
            "Thu, 32 Dec 1996 16:39:57 GMT", "Thx, 19 Dec 1996 16:39:57 GMT", "19 Dez 1996 16:39:57 GMT",
            "19 Dec 1996 16:39:57 XYZ", "19 Dec 1996",
        ] {
            #expect(throws: FastMapError.self, "\(text)") { try JSONDateFormat.rfc2822.date(from: text) }
        }
        #expect(throws: FastMapError.self) { try JSONDateFormat.iso8601.date(from: 12) }
        #expect(throws: FastMapError.self) { try JSONDateFormat.secondsSince1970.date(from: "soon") }
    }

    @Test func unparsableDateInAModelNamesTheFormat() throws {
        #expect {
            try JSONModelFixture.decode(ModelDates.self, from: #"{"iso8601": "yesterday"}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["iso8601"]
                && context.debugDescription.contains("ModelDates.iso8601")
                && context.debugDescription.contains("ISO 8601")
                && context.debugDescription.contains("found string") && !"\(error)".contains("yesterday")
        }
    }

    /// Instants no calendar can write (infinite, NaN, far beyond year 9999) are written as the
    /// ends of Foundation's range, as `Date.formatted(.iso8601)` writes them, never a trap.
    @Test func unrepresentableInstantsAreClampedAsFoundationDoes() {
        let far = Date(timeIntervalSince1970: .infinity)
        #expect(JSONDateFormat.iso8601.string(from: far) == far.formatted(.iso8601))
        #expect(JSONDateFormat.iso8601.string(from: Date(timeIntervalSince1970: 1e300)) == "506713-02-07T00:00:00Z")
        for instant in [-Double.infinity, .nan, -1e300] {
            let date = Date(timeIntervalSince1970: instant)
            #expect(JSONDateFormat.iso8601.string(from: date) == "-4713-11-24T12:00:00Z", "\(instant)")
            #expect(!JSONDateFormat.rfc2822.string(from: date).isEmpty, "\(instant)")
            #expect(!JSONDateFormat.iso8601WithFractionalSeconds.string(from: date).isEmpty, "\(instant)")
        }
    }
}
