import Synchronization

/// A flag set once and read on every element, from either thread of a streaming call.
final class SparseEntryFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .relaxed) }

    func set() { value.store(true, ordering: .relaxed) }
}
