import FastMap
import FastMapTestSupport
import Foundation
import Testing

/// `.iso8601` dates of the form `YYYY-MM-DDTHH:MM:SSZ` are read without Foundation's parser:
/// the instants, and the errors for the texts it rejects, must stay Foundation's.
@Suite("ISO 8601 dates")
struct InternetDateTests {
    private func decoded(_ texts: [String]) -> (fast: [String], foundation: [String]) {
        func run(_ decode: (Data) throws -> Date) -> [String] {
            texts.map { text in
                do {
                    let date = try decode(Data("\"\(text)\"".utf8))
                    return "\(date.timeIntervalSince1970)"
                } catch {
                    return "error"
                }
            }
        }
        let fast = FastJSONDecoder()
        fast.dateDecodingStrategy = .iso8601
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        return (run { try fast.decode(Date.self, from: $0) }, run { try foundation.decode(Date.self, from: $0) })
    }

    @Test func randomInstantsMatchFoundation() {
        var random = SeededGenerator(seed: 8601)
        let texts = (0..<2000).map { _ in
            let year = Int.random(in: 1500...2400, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...31, using: &random)
            let hour = Int.random(in: 0...23, using: &random)
            let minute = Int.random(in: 0...59, using: &random)
            let second = Int.random(in: 0...59, using: &random)
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second)
        }
        let result = decoded(texts)
        #expect(result.fast == result.foundation)
    }

    @Test func edgesMatchFoundation() {
        let texts = [
            "1970-01-01T00:00:00Z", "2000-02-29T12:00:00Z", "1900-02-29T00:00:00Z", "2001-02-29T00:00:00Z",
            "2024-02-29T23:59:59Z", "2023-04-31T00:00:00Z", "2023-12-31T23:59:60Z", "2023-13-01T00:00:00Z",
            "2023-00-10T00:00:00Z", "2023-01-00T00:00:00Z", "2023-01-01T24:00:00Z", "2023-01-01T00:60:00Z",
            "1601-01-01T00:00:00Z", "1600-12-31T23:59:59Z", "1582-10-10T00:00:00Z", "1582-10-15T00:00:00Z",
            "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "2023-01-01t00:00:00z", "2023-01-01T00:00:00+01:00", "2023-01-01T00:00:00.5Z", "2023-1-01T00:00:00Z",
            "2023-01-01T00:00:0aZ", "2023-01-01 00:00:00Z", "２023-01-01T00:00:00Z", "",
        ]
        let result = decoded(texts)
        for (index, text) in texts.enumerated() {
            #expect(result.fast[index] == result.foundation[index], "\(text)")
        }
    }
}
