import Foundation

/// An object still being encoded: a later value for a key replaces the earlier one and keeps
/// its place and spelling, as in a Swift dictionary.
final class EncodingTreeObject {
    private var keys: [String] = []
    private var slots: [String: EncodingTreeSlot] = [:]

    subscript(key: String) -> EncodingTreeSlot? { slots[key] }

    func set(_ slot: EncodingTreeSlot, for key: String) {
        if slots.updateValue(slot, forKey: key) == nil { keys.append(key) }
    }

    var value: EncodingTreeValue {
        .object(keys.map { (key: $0, value: slots[$0]!.value) })
    }
}

// MARK: Writing
