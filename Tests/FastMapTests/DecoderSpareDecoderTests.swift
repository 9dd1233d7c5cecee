@_spi(FastMapCore) import FastMapCore
import FastMapTestSupport
import Foundation
import Testing

@testable import FastMap

/// A `FastJSONDecoder` keeps the tree decoder of a finished call for its next call with the
/// same settings (`TreeDecoderPool`): what a call reads must never depend on the calls before
/// it, a change of setting must apply at once, and a decoder a model keeps must go on reading
/// its own document.
@Suite("FastJSONDecoder: a spare tree decoder from call to call")
struct DecoderSpareDecoderTests {
    typealias Record = StreamingDecoderReuseTests.Record
    typealias KeepsItsDecoders = StreamingDecoderReuseTests.KeepsItsDecoders

    /// The streaming reuse test's record `index` as a document of its own.
    static func document(_ index: Int) -> Data { Data(StreamingDecoderReuseTests.record(index).utf8) }

    static func expected(_ index: Int) -> Record { StreamingDecoderReuseTests.expectedRecord(index) }

    @Test(arguments: [false, true])
    func everyCallReadsItsOwnDocument(sparse: Bool) throws {
        let decoder = FastJSONDecoder()
        // A setting set, though to its default: the decoder's own set of spare decoders, which
        // no other test shares (see `freshDecodersWithTheDefaultsShareTheirSpares`).
        decoder.maximumDepth = JSON.defaultMaximumDepth
        decoder.sparseDecoding.isEnabled = sparse
        for index in 0..<50 {
            #expect(try decoder.decode(Record.self, from: Self.document(index)) == Self.expected(index))
        }
        // One call at a time: one decoder, kept between calls.
        #expect(decoder.settings.pool.count == 1)
        // Through a key path and from bytes, the same.
        let wrapped = Data(#"{"data":"#.utf8) + Self.document(7) + Data("}".utf8)
        #expect(try decoder.decode(Record.self, from: wrapped, at: "data") == Self.expected(7))
        #expect(try decoder.decode(Record.self, from: Array(Self.document(8))) == Self.expected(8))
    }

    @Test func aFailedCallLeavesNothingBehind() throws {
        let decoder = FastJSONDecoder()
        let broken = Data(#"{"name":"x","id":"not a number"}"#.utf8)
        for index in 0..<5 {
            do {
                _ = try decoder.decode(Record.self, from: broken)
                Issue.record("decoded a string as an Int")
            } catch let DecodingError.typeMismatch(_, context) {
                // The path is this call's, not one left over from the call before.
                #expect(context.codingPath.map(\.stringValue) == ["id"])
            }
            #expect(try decoder.decode(Record.self, from: Self.document(index)) == Self.expected(index))
            #expect(
                try decoder.decode(
                    [Record].self, from: Data("[\(String(decoding: Self.document(index), as: UTF8.self))]".utf8)) == [
                        Self.expected(index)
                    ])
        }
    }

    @Test func aChangedSettingAppliesToTheNextCall() throws {
        struct Stamped: Decodable {
            var createdAt: Date
            var tag: String
            var userInfoCount = 0
            init(from decoder: any Decoder) throws {
                enum Key: String, CodingKey { case createdAt, tag }
                let container = try decoder.container(keyedBy: Key.self)
                createdAt = try container.decode(Date.self, forKey: .createdAt)
                tag = decoder.userInfo[CodingUserInfoKey(rawValue: "tag")!] as? String ?? "none"
                userInfoCount = decoder.userInfo.count
            }
        }
        let decoder = FastJSONDecoder()
        let seconds = Data(#"{"createdAt": 86400}"#.utf8)
        let snake = Data(#"{"created_at": 86400}"#.utf8)
        #expect(
            try decoder.decode(Stamped.self, from: seconds).createdAt == Date(timeIntervalSinceReferenceDate: 86400))
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(decoder.settings.pool.count == 0)
        #expect(try decoder.decode(Stamped.self, from: seconds).createdAt == Date(timeIntervalSince1970: 86400))
        decoder.userInfo = [CodingUserInfoKey(rawValue: "tag")!: "first"]
        #expect(try decoder.decode(Stamped.self, from: seconds).tag == "first")
        decoder.userInfo = [CodingUserInfoKey(rawValue: "tag")!: "second"]
        #expect(try decoder.decode(Stamped.self, from: seconds).tag == "second")
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Stamped.self, from: snake).createdAt == Date(timeIntervalSince1970: 86400))
        decoder.keyDecodingStrategy = .useDefaultKeys
        #expect(throws: DecodingError.self) { try decoder.decode(Stamped.self, from: snake) }
        // A report's collector (one more `userInfo` entry) goes to its own call only.
        #expect(try decoder.decode(Stamped.self, from: seconds).userInfoCount == 1)
        var report = JSONDecodingReport()
        let reported = try decoder.decode(Stamped.self, from: seconds, report: &report)
        #expect(reported.tag == "second" && reported.userInfoCount == 2)
        #expect(try decoder.decode(Stamped.self, from: seconds).userInfoCount == 1)
    }

    @Test func aDecoderAModelKeepsIsNeverLentAgain() throws {
        let decoder = FastJSONDecoder()
        var kept: [KeepsItsDecoders] = []
        for index in 0..<10 {
            let text = #"{"id":\#(index),"rest":\#(StreamingDecoderReuseTests.exactText(index))}"#
            kept.append(try decoder.decode(KeepsItsDecoders.self, from: Data(text.utf8)))
            // Decoded in between with the same decoder object: must not disturb the kept ones.
            #expect(try decoder.decode(Record.self, from: Self.document(100 + index)) == Self.expected(100 + index))
        }
        for (index, model) in kept.enumerated() {
            let read = try model.read()
            #expect(read.id == index)
            #expect(read.rest == Decimal(string: StreamingDecoderReuseTests.exactText(index)))
        }
    }

    @Test func callsOnManyTasksAtOnceEachReadTheirOwn() async throws {
        let decoder = FastJSONDecoder()
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let index = task * 1000 + round
                        guard try decoder.decode(Record.self, from: Self.document(index)) == Self.expected(index)
                        else { return false }
                    }
                    return true
                }
            }
            for try await agreed in group { #expect(agreed) }
        }
        #expect(decoder.settings.pool.count <= decoder.settings.pool.capacity)
    }

    @Test func freshDecodersWithTheDefaultsShareTheirSpares() async throws {
        let shared = TreeDecoderPool.sharedByDefaults
        #expect(FastJSONDecoder().settings.pool === shared)
        #expect(shared.capacity == TreeDecoderPool.sharedCapacity)
        // Any setting set gives the decoder a set of its own, which starts empty.
        let changed = FastJSONDecoder()
        changed.keyDecodingStrategy = .useDefaultKeys
        #expect(changed.settings.pool !== shared && changed.settings.pool.count == 0)
        #expect(changed.settings.pool.capacity == TreeDecoderPool.capacity)
        // A decoder made for one fresh decoder object serves the next: every call (one decoder
        // object per call, on many tasks at once, as a server makes one per request) reads its
        // own document, and the shared set stays within its bound.
        _ = try FastJSONDecoder().decode(Record.self, from: Self.document(0))
        #expect(shared.count >= 1)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let index = task * 1000 + round
                        let decoded = try FastJSONDecoder().decode(Record.self, from: Self.document(index))
                        guard decoded == Self.expected(index) else { return false }
                    }
                    return true
                }
            }
            for try await agreed in group { #expect(agreed) }
        }
        #expect(shared.count <= TreeDecoderPool.sharedCapacity)
        // A failed call on a fresh decoder leaves nothing behind for the next one either.
        let broken = Data(#"{"name":"x","id":"not a number"}"#.utf8)
        #expect(throws: DecodingError.self) { try FastJSONDecoder().decode(Record.self, from: broken) }
        #expect(try FastJSONDecoder().decode(Record.self, from: Self.document(3)) == Self.expected(3))
    }
}
