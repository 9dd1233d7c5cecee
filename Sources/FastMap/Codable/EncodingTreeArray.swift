import Foundation

/// An array still being encoded.
final class EncodingTreeArray {
    private(set) var slots: [EncodingTreeSlot] = []

    var count: Int { slots.count }

    func append(_ slot: EncodingTreeSlot) { slots.append(slot) }

    func insert(_ slot: EncodingTreeSlot, at index: Int) {
        slots.insert(slot, at: min(index, slots.count))
    }

    var value: EncodingTreeValue { .array(slots.map(\.value)) }
}
