import Foundation
import Testing

@testable import FastMapCore

/// The decoder reads a UUID member's bytes itself when they are in the canonical form (hex digits
/// of either case in groups of 8-4-4-4-12) and reads the value `UUID(uuidString:)` reads from
/// them; any other text goes to `UUID(from:)`, which accepts what Foundation accepts.
@Suite struct UUIDTextTests {
    static func parse(_ bytes: [UInt8]) -> UUID? {
        bytes.withUnsafeBufferPointer { JSONUUIDText.parse($0) }
    }

    /// Every byte value at every position of an upper- and a lowercase UUID: each hex digit of
    /// either case, the dashes, and everything else.
    @Test(arguments: ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "0a1b2c3d-4e5f-6789-abcd-ef0123456789"])
    func everyByteAtEveryPosition(_ text: String) {
        let base = Array(text.utf8)
        for position in base.indices {
            for byte in UInt8.min...UInt8.max {
                var bytes = base
                bytes[position] = byte
                let canonical = Self.isCanonical(bytes)
                let expected = canonical ? UUID(uuidString: String(decoding: bytes, as: UTF8.self)) : nil
                #expect(!canonical || expected != nil)
                #expect(Self.parse(bytes) == expected, "byte \(byte) at \(position) of \(text)")
            }
        }
    }

    static func isCanonical(_ bytes: [UInt8]) -> Bool {
        bytes.count == 36
            && bytes.indices.allSatisfy { index in
                [8, 13, 18, 23].contains(index)
                    ? bytes[index] == UInt8(ascii: "-")
                    : "0123456789abcdefABCDEF".utf8.contains(bytes[index])
            }
    }

    @Test func randomUUIDsInBothCases() {
        for _ in 0..<1000 {
            let uuid = UUID()
            #expect(Self.parse(Array(uuid.uuidString.utf8)) == uuid)
            #expect(Self.parse(Array(uuid.uuidString.lowercased().utf8)) == uuid)
        }
    }

    @Test func otherLengths() {
        let text = Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)
        #expect(Self.parse([]) == nil)
        #expect(Self.parse(Array(text.dropLast())) == nil)
        #expect(Self.parse(text + [UInt8(ascii: "0")]) == nil)
        #expect(Self.parse(Array(text.filter { $0 != UInt8(ascii: "-") }) + [0, 0, 0, 0]) == nil)
    }
}
