import Foundation

/// A UUID read from a string's bytes in the one form `UUID(uuidString:)` takes: 36 bytes, hex
/// digits of either case in groups of 8, 4, 4, 4 and 12 joined by `-`. The decoder reads a
/// `UUID` member this way instead of making a `String` of it first, as `UUID(from:)` does; the
/// encoders write `uuidString`'s text without Foundation's formatter (on Linux, `sprintf` per byte).
package enum JSONUUIDText {
    /// `uuid.uuidString`: uppercase hex digits, 8-4-4-4-12.
    package static func text(of uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
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
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &value) { out in
            var index = 0
            for slot in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = digit(bytes[index]), let low = digit(bytes[index + 1]) else { return false }
                out[slot] = high << 4 | low
                index += 2
            }
            return true
        }
        return valid ? UUID(uuid: value) : nil
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }
}
