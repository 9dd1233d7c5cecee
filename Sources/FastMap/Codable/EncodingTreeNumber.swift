@_spi(FastMapCore) import FastMapCore
import Foundation

/// A number as `JSONEncoder` writes it: integers exactly, floating-point values in shortest
/// round-trip form, `Decimal` (and 128-bit integers) as their description.
enum EncodingTreeNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case text(String)

    init<T: FixedWidthInteger>(_ value: T) {
        if let signed = Int64(exactly: value) {
            self = .signed(signed)
        } else if let unsigned = UInt64(exactly: value) {
            self = .unsigned(unsigned)
        } else {
            self = .text(value.description)
        }
    }

    func write(to writer: inout JSONByteWriter) {
        switch self {
        case .signed(let value): writer.writeInteger(value)
        case .unsigned(let value): writer.writeInteger(value)
        case .double(let value): writer.writeDouble(value)
        case .float(let value): writer.writeFloat(value)
        case .text(let text): writer.writeRaw(text)
        }
    }
}
