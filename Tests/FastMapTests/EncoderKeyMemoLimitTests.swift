import Foundation
import Testing

@testable import FastMap

/// The streaming encoder's learned keys stay small: a key type whose objects have more keys
/// than ``EncodingKeyMemo/keyLimit`` (the standard library's dictionary key type, which writes
/// every `[String: Value]`) is not learned, so no linear search or quadratic merge grows with
/// a document, and the process-wide store never holds a big dictionary's keys.
@Suite("FastJSONEncoder's learned keys: the size limit")
struct EncoderKeyMemoLimitTests {
    static func keys(_ range: Range<Int>) -> [ArraySlice<UInt8>] {
        range.map { ArraySlice(Array("key\($0)".utf8)) }
    }

    @Test func objectsWithManyKeysAreNotLearned() {
        var atLimit = EncodingKeyMemo()
        atLimit.learn(Self.keys(0..<EncodingKeyMemo.keyLimit), separator: [UInt8(ascii: ":")])
        #expect(atLimit.phase == .learned)
        #expect(atLimit.keys.count == EncodingKeyMemo.keyLimit)

        var pastLimit = EncodingKeyMemo()
        pastLimit.learn(Self.keys(0..<(EncodingKeyMemo.keyLimit + 1)), separator: [UInt8(ascii: ":")])
        #expect(pastLimit.phase == .disabled)
        #expect(pastLimit.keys.isEmpty)
    }

    /// Relearning merges old and new keys; a merge past the limit gives up too.
    @Test func mergesPastTheLimitAreNotKept() {
        var memo = EncodingKeyMemo()
        let half = EncodingKeyMemo.keyLimit / 2 + 1
        memo.learn(Self.keys(0..<half), separator: [UInt8(ascii: ":")])
        #expect(memo.phase == .learned)
        memo.learn(Self.keys(half..<(2 * half)), separator: [UInt8(ascii: ":")])
        #expect(memo.phase == .disabled)
        #expect(memo.keys.isEmpty)
    }

    /// Big dictionaries with shifting keys, encoded again and again, come out as JSONEncoder's.
    @Test func bigDictionariesWithShiftingKeys() throws {
        let fast = FastJSONEncoder()
        fast.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        for round in 0..<6 {
            let dictionary = Dictionary(uniqueKeysWithValues: (round * 50..<(round * 50 + 300)).map { ("k\($0)", $0) })
            let value = [dictionary, dictionary, dictionary]
            #expect(try fast.encode(value) == foundation.encode(value))
        }
    }
}
