@_spi(FastMapCore) import FastMapCore
import Synchronization

/// One ``FastJSONDecoder``'s switch for sparse decoding and its counters: tests turn it off to
/// get the full-tree results to compare with, and read the counters to see which path ran.
package final class SparseDecodingControl: Sendable {
    /// What the decoder's `decode` calls did.
    package struct Statistics: Sendable, Equatable {
        /// First decodes of a type in the process: decoded in full, nothing learned.
        package var firstDecodes = 0
        /// Decodes answered from a filtered tree.
        package var filteredDecodes = 0
        /// Filtered decodes thrown away and done again in full (each also counts as learning).
        package var fallbacks = 0
        /// Decodes of a full tree that taught the schema what they read.
        package var learningDecodes = 0
        /// Streamed elements answered from a filtered tree.
        package var filteredElements = 0
        /// Streamed elements whose filtered decode was thrown away and done again from the
        /// element's full tree (each also counts as learning).
        package var elementFallbacks = 0
        /// Streamed elements decoded from a full tree that taught their type's schema.
        package var learningElements = 0
    }

    private let state = LockedValue((isEnabled: true, statistics: Statistics()))
    /// Counted apart, without the lock: it grows once per element, on two threads at once.
    private let filteredElementCount = Atomic<Int>(0)

    package init() {}

    /// Whether `decode` may build only what the type reads. On by default.
    package var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set { state.withLock { $0.isEnabled = newValue } }
    }

    package var statistics: Statistics {
        var statistics = state.withLock { $0.statistics }
        statistics.filteredElements = filteredElementCount.load(ordering: .relaxed)
        return statistics
    }

    func count(_ update: (inout Statistics) -> Void) { state.withLock { update(&$0.statistics) } }

    /// One more streamed element answered from its filtered tree.
    func countFilteredElement() { filteredElementCount.add(1, ordering: .relaxed) }
}
