@_spi(FastMapCore) import FastMapCore

/// Objects whose writer promised distinct keys (`JSONObjectWriter.promisingDistinctKeys()`).
extension EncodingStreamState {
    /// Lets the writer of the object `index`, which has no member yet, write its members with
    /// no record: its code writes each key at most once, so there is nothing to check, and
    /// nothing to sort unless `.sortedKeys` asks (then the records stay). Encoding twitter.json's
    /// `@JSONModel` models took 4.37M instructions a call with records and learned keys, 3.88M
    /// without (379–407 MB/s to 430–444); canada.json's 60.1M and 53.8M (369–375 to 411 MB/s).
    mutating func promiseDistinctKeys(_ index: Int, _ generation: Int) {
        guard index >= 0, index < frames.count, frames[index].generation == generation,
            frames[index].kind == .object, frames[index].count == 0, writer.keyOrder == .stored
        else { return }
        frames[index].distinctKeys = true
        if plainKeyLiterals.isEmpty { plainKeyLiterals = Array(repeating: 0, count: 256) }
    }

    /// A member of an object of distinct keys: no record. A plain literal (nothing to escape) is
    /// found by its address after its first scan, as the key memo finds literals.
    @inline(__always)
    mutating func writeDistinctKey(_ key: StaticString, in index: Int) {
        beginElement(in: index)  // the separator and indentation, as before an element
        let address = key.address ?? 0
        let slot = Int(truncatingIfNeeded: address) & (plainKeyLiterals.count - 1)
        if address != 0 && plainKeyLiterals[slot] == address {
            writer.writeKey(key, plain: true)
        } else {
            let plain = JSONByteWriter.isPlainKey(key)
            if plain && address != 0 { plainKeyLiterals[slot] = address }
            writer.writeKey(key, plain: plain)
        }
    }
}
