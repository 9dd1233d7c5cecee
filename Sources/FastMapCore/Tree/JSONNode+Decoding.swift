/// The few extra reads the Codable decoder needs.
extension JSONNode {
    /// A `null` cell that lives as long as the process, so one node can stand for every missing
    /// value (`superDecoder(forKey:)` on a missing key) and for the document of a decoder waiting
    /// for its next streamed element.
    package static let sharedNull: JSONNode = {
        let cell = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        cell.storeBytes(of: 7, as: UInt64.self)  // FM_CELL_NULL, size 0
        cell.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
        return JSONNode(address: UnsafeRawPointer(cell))
    }()

    /// `true` when some key of this object contains `byte`; lets key strategies skip objects
    /// whose keys they would leave unchanged.
    package func hasKey(containing byte: UInt8) -> Bool {
        var found = false
        forEachMember { key, _ in
            if !found && key.contains(byte) { found = true }
        }
        return found
    }
}
