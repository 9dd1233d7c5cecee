@_spi(FastMapCore) import FastMapCore

/// The schemas learned so far, per decoded type and key path (every decoder shares them: most
/// programs make a decoder per call). Only options that keep key names as they are reach
/// sparse decoding, so the key names in a schema never depend on a decoder's settings.
///
/// Bounded: past `capacity` types the cache starts over (a type then learns again, once).
package final class SparseSchemaCache: Sendable {
    package struct Key: Hashable, Sendable {
        let type: ObjectIdentifier
        let path: JSONKeyPath?
        /// Set for the elements of a stream (each element's tree is rooted at the element).
        var streamedElement = false
    }

    package struct Entry: Sendable {
        /// What a filtered parse keeps (nil before the type's first learning decode, and once
        /// disabled).
        package var schema: JSONSparseSchema?
        /// Set when the type is decoded in full for good.
        package var disabled = false
        /// Fallbacks that taught nothing new (what needed the full tree was not a key the schema
        /// lacked): past two, learning cannot help this type.
        var fruitlessFallbacks = 0
        var fallbacks = 0
    }

    /// Why a document was decoded in full after its filtered decode.
    package enum Fallback {
        /// The decode read something the filtered tree may not hold.
        case read
        /// The decode threw (the error must be the full tree's); says nothing about the type.
        case error
    }

    package static let shared = SparseSchemaCache()

    private let entries = LockedValue<[Key: Entry]>([:])
    private let capacity = 512
    /// Fallbacks after which a type whose reads keep changing is decoded in full for good.
    private let fallbackLimit = 64

    package func entry(_ key: Key) -> Entry? { entries.withLock { $0[key] } }

    /// Notes `key`'s first decode, which learns nothing: the next one learns.
    package func noteFirstDecode(of key: Key) {
        entries.withLock { entries in
            guard entries[key] == nil else { return }
            makeRoom(&entries)
            entries[key] = Entry()
        }
    }

    /// Starts the cache over when a new key would pass `capacity`.
    private func makeRoom(_ entries: inout [Key: Entry]) {
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
    }

    /// Widens `key`'s schema by `learned`, what one full decode read (nil: the type cannot be
    /// served by any schema). `fallback` is set when that decode redid a filtered one.
    package func learn(_ learned: JSONSparseShape?, for key: Key, after fallback: Fallback?) {
        entries.withLock { entries in
            if entries[key] == nil { makeRoom(&entries) }
            var entry = entries[key] ?? Entry()
            defer { entries[key] = entry }
            if entry.disabled { return }
            guard let learned else {
                entry.disabled = true
                entry.schema = nil
                return
            }
            if let fallback {
                entry.fallbacks += 1
                if fallback == .read, let schema = entry.schema, schema.thawed().covers(learned) {
                    entry.fruitlessFallbacks += 1
                }
            }
            let shape = entry.schema?.thawed() ?? JSONSparseShape()
            shape.merge(learned)
            // A type that reads everything gains nothing from a filtered parse.
            if entry.fruitlessFallbacks >= 2 || entry.fallbacks >= fallbackLimit || shape.keepsAll {
                entry.disabled = true
                entry.schema = nil
            } else {
                entry.schema = JSONSparseSchema(shape)
            }
        }
    }
}
