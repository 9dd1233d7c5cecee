internal import CFastMap

extension JSONByteWriter {
    /// Writes a finite double or float with the C digit writer (`dtoa.c`), which spells
    /// Swift's `description` without building a String; `drop_zero_fraction` removes the ".0"
    /// Foundation's writers remove. Infinities and NaNs, which only reach here when a caller
    /// asks for them as numbers, keep their `description`.
    mutating func writeShortestNumber(_ value: Double) {
        guard value.isFinite else { return writeFloatingPointDescription(value.description) }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(FM_FLOAT_TEXT_CAPACITY)) { buffer in
            let count = fm_format_double(value, buffer.baseAddress, 1)
            buffer.withMemoryRebound(to: UInt8.self) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
            }
        }
    }

    /// The same for a float, in the float's own shortest form.
    mutating func writeShortestNumber(_ value: Float) {
        guard value.isFinite else { return writeFloatingPointDescription(value.description) }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(FM_FLOAT_TEXT_CAPACITY)) { buffer in
            let count = fm_format_float(value, buffer.baseAddress, 1)
            buffer.withMemoryRebound(to: UInt8.self) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
            }
        }
    }
}
