import Foundation

/// A UUID read from a string's bytes in the one form `UUID(uuidString:)` takes: 36 bytes, hex
/// digits of either case in groups of 8, 4, 4, 4 and 12 joined by `-`. The decoder reads a
/// `UUID` member this way instead of making a `String` of it first, as `UUID(from:)` does; the
/// encoders write `uuidString`'s text without Foundation's formatter (on Linux, `sprintf` per byte).
package enum JSONUUIDText {
    /// `uuid.uuidString`: uppercase hex digits, 8-4-4-4-12.
    package static func text(of uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: 36) { write(uuid, into: $0.baseAddress!) }
    }

    /// Writes the 36 bytes of `uuid.uuidString` at `out`; returns 36.
    static func write(_ uuid: UUID, into out: UnsafeMutablePointer<UInt8>) -> Int {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            let digits: StaticString = "0123456789ABCDEF"
            var index = 0
            for (slot, byte) in bytes.enumerated() {
                if slot == 4 || slot == 6 || slot == 8 || slot == 10 {
                    out[index] = UInt8(ascii: "-")
                    index += 1
                }
                out[index] = digits.utf8Start[Int(byte >> 4)]
                out[index + 1] = digits.utf8Start[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        let dash = UInt8(ascii: "-")
        guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash else {
            return nil
        }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Every digit is read and the bad ones are seen at the end, in `marks`: a branch per
        // digit on hex letter or decimal digit mispredicts on random UUIDs (a UUID member cost
        // 6.5% of the service corpus' decode that way, 2.7% this way).
        var marks: UInt8 = 0
        withUnsafeMutableBytes(of: &value) { out in
            var index = 0
            for slot in 0..<16 {
                if slot == 4 || slot == 6 || slot == 8 || slot == 10 { index += 1 }
                let high = digit(bytes[index])
                let low = digit(bytes[index + 1])
                marks |= high | low
                out[slot] = high << 4 | low
                index += 2
            }
        }
        return marks < 16 ? UUID(uuid: value) : nil
    }

    /// The value of a hex digit of either case, or 16 or more for any other byte.
    @inline(__always)
    private static func digit(_ byte: UInt8) -> UInt8 {
        let decimal = byte &- UInt8(ascii: "0")
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return decimal < 10 ? decimal : letter < 6 ? letter &+ 10 : 0xFF
    }
}
