internal import CFastMap
internal import CJansson

extension JSONNode {
    /// The text of a number the tree keeps as written: an integer beyond
    /// `Int64.min...UInt64.max` or a number beyond `Double`'s range. Such a node is a jansson real
    /// holding a NaN with FastMap's payload (parsed reals are never NaN), so checking `isNaN`
    /// first keeps ordinary numbers off the C call.
    package var keptNumberText: String? {
        guard isReal, realValue.isNaN else { return nil }
        var length = 0
        guard let text = fm_number_text(raw, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }

}

extension JSONNode {
    /// A number node keeping `text` as written, for a valid JSON number no jansson integer or
    /// finite double holds (what the parser keeps as text). nil when memory runs out.
    package static func makeKeptNumber(_ text: String) -> JSONNode? {
        var text = text
        return text.withUTF8 { bytes in
            UnsafeRawBufferPointer(bytes).withMemoryRebound(to: CChar.self) {
                fm_number_text_node($0.baseAddress, $0.count)
            }
        }.map(JSONNode.init)
    }
}
