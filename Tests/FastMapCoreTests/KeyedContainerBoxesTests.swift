@_spi(FastMapCore) import FastMapCore
import Foundation
import Testing

/// `KeyedContainerBoxes` takes a keyed container's box out and makes a container of it again
/// (the latter in C, through Swift's calling convention, so that no metadata lookup runs): the
/// container made again must reach the same concrete container and hold its box (a returned
/// value is owned) for as long as it lives, and no longer. The containers here are Foundation's.
@Suite struct KeyedContainerBoxesTests {
    enum Key: String, CodingKey { case a, b }

    /// Keeps the container `init(from:)` was given.
    struct Captured: Decodable {
        let container: KeyedDecodingContainer<Key>
        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Key.self) }
    }

    static func captured(_ json: String) throws -> KeyedDecodingContainer<Key> {
        try JSONDecoder().decode(Captured.self, from: Data(json.utf8)).container
    }

    @Test func aDecodingContainerMadeAgainReadsThroughTheSameBoxAndHoldsIt() throws {
        try #require(KeyedContainerBoxes.isAvailable)
        weak var watchedBox: AnyObject?
        var again: KeyedDecodingContainer<Key>?
        do {
            let original = try Self.captured(#"{"a": "x", "b": "y"}"#)
            let box = try #require(KeyedContainerBoxes.box(of: original))
            watchedBox = box
            again = KeyedContainerBoxes.decodingContainer(box, keyedBy: Key.self)
        }
        // The original and the box taken from it are gone: only the container made again holds it.
        #expect(watchedBox != nil)
        #expect(try again?.decode(String.self, forKey: .b) == "y")
        #expect(Set(again?.allKeys.map(\.stringValue) ?? []) == ["a", "b"])
        again = nil
        #expect(watchedBox == nil)
    }

    @Test func manyContainersMadeAgainBalanceTheirHolds() throws {
        try #require(KeyedContainerBoxes.isAvailable)
        weak var watchedBox: AnyObject?
        var reads = 0
        do {
            let original = try Self.captured(#"{"a": 1}"#)
            let box = try #require(KeyedContainerBoxes.box(of: original))
            watchedBox = box
            for _ in 0..<1000 {
                let again = KeyedContainerBoxes.decodingContainer(box, keyedBy: Key.self)
                reads += try again.decode(Int.self, forKey: .a)
            }
            #expect(watchedBox != nil)
        }
        #expect(reads == 1000)
        #expect(watchedBox == nil)
    }

    /// Writes through a container made again from its encoder's, and lets go of the original first.
    struct WrittenAgain: Encodable {
        func encode(to encoder: any Encoder) throws {
            var again: KeyedEncodingContainer<Key>
            do {
                let original = encoder.container(keyedBy: Key.self)
                guard let box = KeyedContainerBoxes.box(of: original) else { return }
                again = KeyedContainerBoxes.encodingContainer(box, keyedBy: Key.self)
            }
            try again.encode(7, forKey: .a)
            try again.encodeNil(forKey: .b)
        }
    }

    @Test func anEncodingContainerMadeAgainWritesThroughTheSameBox() throws {
        try #require(KeyedContainerBoxes.isAvailable)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(WrittenAgain()), as: UTF8.self)
        #expect(text == #"{"a":7,"b":null}"#)
    }
}
