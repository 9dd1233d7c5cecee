@_spi(FastMapCore) import FastMapCore

/// One ``FastJSONDecoder``'s switch for sparse decoding and its counters: tests turn it off to
/// get the full-tree results to compare with, and read the counters to see which path ran.
package final class SparseDecodingControl: Sendable {
    /// What the decoder's `decode` calls did.
    package struct Statistics: Sendable, Equatable {
        /// Decodes answered from a filtered tree.
        package var filteredDecodes = 0
        /// Filtered decodes thrown away and done again in full (each also counts as learning).
        package var fallbacks = 0
        /// Decodes of a full tree that taught the schema what they read.
        package var learningDecodes = 0
    }

    private let state = LockedValue((isEnabled: true, statistics: Statistics()))

    package init() {}

    /// Whether `decode` may build only what the type reads. On by default.
    package var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set { state.withLock { $0.isEnabled = newValue } }
    }

    package var statistics: Statistics { state.withLock { $0.statistics } }

    func count(_ update: (inout Statistics) -> Void) { state.withLock { update(&$0.statistics) } }
}
