@_spi(FastMapCore) import FastMapCore
import Foundation
import Testing

/// Front ends hand bytes to the core only as a lent ``JSONInput`` and key nodes by
/// ``JSONNode/ID`` (no unsafe pointer above the core): the view must read every kind of
/// contiguous bytes in place, slice without ever reaching outside them, and convert encodings.
@Suite struct JSONInputTests {
    static let text = #"{"a":[1,2.5,"x"],"b":null}"#

    @Test func lendsDataArraysSlicesAndSpans() throws {
        let expected = try JSON(string: Self.text)
        let bytes = Array(Self.text.utf8)
        #expect(try JSONInput.with(Data(bytes)) { try JSON(input: $0) } == expected)
        #expect(try JSONInput.with(bytes) { try JSON(input: $0) } == expected)
        let padded = [UInt8](repeating: 0x20, count: 3) + bytes
        #expect(try JSONInput.with(padded[3...]) { try JSON(input: $0) } == expected)
        #expect(try JSONInput.with(bytes.span.bytes) { try JSON(input: $0) } == expected)
        #expect(JSONInput.with(bytes) { $0.count } == bytes.count)
    }

    @Test func slicesStayInsideTheInput() throws {
        let bytes = Array("xx[1,2]yy".utf8)
        try JSONInput.with(bytes) { (input) throws in
            #expect(try JSON(input: input[2..<7]) == (try JSON(string: "[1,2]")))
            #expect(input[5..<100].count == 4)
            #expect(input[-3..<2].count == 2)
            #expect(input.dropFirst(7).count == 2)
            #expect(input.dropFirst(50).isEmpty)
            #expect(input.dropFirst(-1).count == bytes.count)
            #expect(throws: FastMapError.self) { try JSON(input: input.dropFirst(50)) }
        }
    }

    @Test func convertsOtherEncodingsToUTF8() throws {
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(Self.text.data(using: .utf16LittleEndian)!)
        let parsed = try JSONInput.with(utf16) { input in
            try JSONInput.withUTF8(input, invalid: { $0 }) { try JSON(input: $0) }
        }
        #expect(parsed == (try JSON(string: Self.text)))
        let marked = Data([0xEF, 0xBB, 0xBF]) + Data("[7]".utf8)
        let count = try JSONInput.with(marked) { input in
            try JSONInput.withUTF8(input, invalid: { $0 }) { $0.count }
        }
        #expect(count == 3)
    }

    @Test func nodeIdentitiesNameNodes() throws {
        let json = try JSON(string: #"{"a":1,"b":1,"c":[1]}"#)
        let a = try #require(json.node.member("a"))
        let b = try #require(json.node.member("b"))
        #expect(a.identity == json.node.member("a")?.identity)
        #expect(a.identity != b.identity)
        let ids: Set<JSONNode.ID> = [a.identity, b.identity, a.identity, json.node.identity]
        #expect(ids.count == 3)
    }
}
