internal import CJansson

/// The few extra reads the Codable decoder needs.
extension JSONNode {
    /// jansson's `null` is a static singleton that reference counting never frees, so one
    /// borrowed node can stand for every missing value (`superDecoder(forKey:)` on a missing key).
    package static let sharedNull = JSONNode(json_null())

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
