internal import CFastMap

extension JSONByteWriter {
    /// Writes a finite double or float with the C digit writer (`dtoa.c`), which spells
    /// Swift's `description` without building a String; `drop_zero_fraction` removes the ".0"
    /// Foundation's writers remove. Infinities and NaNs, which only reach here when a caller
    /// asks for them as numbers, keep their `description`.
    mutating func writeShortestNumber(_ value: Double) {
        guard value.isFinite else { return writeFloatingPointDescription(value.description) }
        appendCText(capacity: Int(FM_FLOAT_TEXT_CAPACITY)) { fm_format_double(value, $0, 1) }
    }

    /// The same for a float, in the float's own shortest form.
    mutating func writeShortestNumber(_ value: Float) {
        guard value.isFinite else { return writeFloatingPointDescription(value.description) }
        appendCText(capacity: Int(FM_FLOAT_TEXT_CAPACITY)) { fm_format_float(value, $0, 1) }
    }

    /// Appends the text a C writer puts straight into the buffer, given room for `capacity`
    /// bytes; `write` returns its length.
    @inline(__always)
    private mutating func appendCText(capacity: Int, _ write: (UnsafeMutablePointer<CChar>) -> Int) {
        buffer.append(atMost: capacity) { out in
            out.withMemoryRebound(to: CChar.self, capacity: capacity) { write($0) }
        }
    }

    /// Appends a comma-separated list of `count` values that a C list writer formats a chunk at
    /// a time, and returns how many it wrote. `format(next, comma, out, capacity, &written)`
    /// writes what fits of the values from index `next` on (after a comma when `comma` is 1),
    /// stores how many it wrote and returns the bytes; a chunk that writes none (a value the
    /// writer leaves to the caller) ends the list there.
    private mutating func appendList(
        count: Int, leadingComma: Bool,
        _ format: (Int, Int32, UnsafeMutablePointer<CChar>, Int, inout Int) -> Int
    ) -> Int {
        let chunk = 1024
        var done = 0
        while done < count {
            var consumed = 0
            appendCText(capacity: chunk) { format(done, leadingComma || done > 0 ? 1 : 0, $0, chunk, &consumed) }
            if consumed == 0 { break }
            done += consumed
        }
        return done
    }

    /// Writes the leading finite `values` of an array slice as a comma-separated list, as the
    /// overload on a buffer below does, and returns how many it wrote.
    public mutating func writeFiniteDoubleList(_ values: ArraySlice<Double>, leadingComma: Bool) -> Int {
        values.withUnsafeBufferPointer { writeFiniteDoubleList($0, leadingComma: leadingComma) }
    }

    /// Writes the leading finite `values` as a comma-separated list (after a comma when
    /// `leadingComma`), in compact form, and returns how many it wrote: all of them, or those
    /// before the first infinity or NaN, which the caller writes its own way. The text is
    /// formatted in chunks, each by one C call straight into the buffer.
    public mutating func writeFiniteDoubleList(_ values: UnsafeBufferPointer<Double>, leadingComma: Bool) -> Int {
        guard let base = values.baseAddress else { return 0 }
        return appendList(count: values.count, leadingComma: leadingComma) { next, comma, out, capacity, written in
            fm_format_double_list(base + next, values.count - next, comma, out, capacity, &written)
        }
    }

    /// Writes `values` as a comma-separated list of decimal integers (after a comma when
    /// `leadingComma`), in compact form: the `[Int]` arrays of meshes and indexes, written by one
    /// C call per chunk, straight into the buffer.
    public mutating func writeIntegerList(_ values: [Int], leadingComma: Bool) {
        values.withUnsafeBufferPointer { values in
            guard let base = values.baseAddress else { return }
            _ = appendList(count: values.count, leadingComma: leadingComma) { next, comma, out, capacity, written in
                fm_format_integer_list(base + next, values.count - next, comma, out, capacity, &written)
            }
        }
    }
}
