import FastMap
import FastMapModels
import Foundation
import Testing

/// `JSONObjectWriter.promisingDistinctKeys()`: what `@JSONModel` promises for a type without
/// `@Flatten`, after which members are written with no record of their keys. A key written
/// twice shows what the promise switched off (the check JSONEncoder's last-value-wins needs).
@Suite("JSONObjectWriter distinct keys")
struct JSONObjectWriterDistinctKeysTests {
    @Test func aPromiseSkipsTheRepeatedKeyCheckInItsObjectAndNestedOnes() throws {
        let fast = FastJSONEncoder()
        #expect(String(decoding: try fast.encode(PromisingWriter(place: .top)), as: UTF8.self) == #"{"a":1,"a":2}"#)
        #expect(
            String(decoding: try fast.encode(PromisingWriter(place: .nested)), as: UTF8.self)
                == #"{"n":{"a":1,"a":2}}"#)
    }

    @Test func withoutAPromiseOrWithSortedKeysTheLastValueWins() throws {
        // Promised too late (after a member), or under .sortedKeys, which keeps the records.
        let fast = FastJSONEncoder()
        #expect(String(decoding: try fast.encode(PromisingWriter(place: .late)), as: UTF8.self) == #"{"a":2}"#)
        let sorted = FastJSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(String(decoding: try sorted.encode(PromisingWriter(place: .top)), as: UTF8.self) == #"{"a":2}"#)
        #expect(
            String(decoding: try sorted.encode(PromisingWriter(place: .nested)), as: UTF8.self) == #"{"n":{"a":2}}"#)
    }

    @Test func keysToEscapeAndRepeatedLiteralsUnderAPromise() throws {
        // The literals' addresses are remembered once found plain; an escaped key is never.
        let rows = (0..<50).map { WriterOddKeys(slash: $0, quote: $0 + 1, accent: $0 + 2, escaped: $0 + 3) }
        JSONModelFixture.expectEncodingRoutesAgree(rows)
        let pretty = FastJSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        let sortedPretty = FastJSONEncoder()
        sortedPretty.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        #expect(try sortedPretty.encode(rows) == foundation.encode(rows))
        let text = String(decoding: try pretty.encode(rows[0]), as: UTF8.self)
        #expect(text.contains(#""a/b" : 0"#) && text.contains(#""q\"" : 1"#))
    }
}

/// Writes `a` twice through a writer that promised distinct keys, at the top, in a nested
/// writer, or promising only after its first member.
struct PromisingWriter: Encodable {
    enum Place { case top, nested, late }
    enum CodingKeys: String, CodingKey { case a, n }

    let place: Place

    func encode(to encoder: any Encoder) throws {
        if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
            switch place {
            case .top:
                let promised = writer.promisingDistinctKeys()
                try promised.encode(1, forKey: "a")
                try promised.encode(2, forKey: "a")
            case .nested:
                let nested = writer.promisingDistinctKeys().nestedContainer(forKey: "n")
                try nested.encode(1, forKey: "a")
                try nested.encode(2, forKey: "a")
            case .late:
                try writer.encode(1, forKey: "a")
                try writer.promisingDistinctKeys().encode(2, forKey: "a")
            }
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if place == .nested {
                var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .n)
                try nested.encode(1, forKey: .a)
                try nested.encode(2, forKey: .a)
            } else {
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .a)
            }
        }
    }
}
