internal import CFastMap

/// yajl's tokenizer on its own, with nothing built: the speed no yajl-driven parse can pass.
/// `make bench` prints every FastMap decode as a fraction of it, so the remaining gap to the
/// tokenizer (FastMap's own work) is visible beside the gap to Foundation.
package enum TokenizerCeiling {
    /// Tokenizes `bytes` as the tree builder's yajl would, building nothing; whether yajl
    /// accepted the text.
    package static func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return fm_tokenize_only(base.assumingMemoryBound(to: CChar.self), bytes.count) == 1
    }
}
