@_spi(FastMapCore) import FastMapCore

/// The tree decoders that finished earlier `decode` calls of one ``FastJSONDecoder`` with its
/// current settings, each ready for the next call: a decoder made for every call, with its
/// storage and type lookups made again, was about a sixth of decoding a 2 KB document (a server's request body). A setting's change replaces the whole
/// set (`FastJSONDecoder.State`), so a spare decoder always has the call's settings.
///
/// A decoder comes back only when nothing else holds it (`JSONTreeDecoder.outlivesCall` says the
/// call did not let it escape into a model); it then holds no tree (it points at the shared
/// `null` document), no input and no sparse session. Calls on several threads take different
/// decoders: the set is behind a lock, and a call that finds none makes one.
///
/// Decoders with Foundation's defaults, never changed, share one set (``sharedByDefaults``):
/// a server that makes a `FastJSONDecoder()` for every request body, as it would a
/// `JSONDecoder()`, then still decodes with a decoder that has its type lookups from earlier
/// calls. A decoder made for the defaults serves any call with them.
package final class TreeDecoderPool: Sendable {
    /// The most decoders a decoder object's own set keeps: enough for the calls one decoder
    /// object serves at once on a small machine; more calls at once make decoders of their own.
    package static let capacity = 4
    /// The most decoders ``sharedByDefaults`` keeps: calls at once across every decoder object
    /// with the default settings (a server's event-loop and task threads).
    package static let sharedCapacity = 16

    /// The set every `FastJSONDecoder` starts with, until a setting changes.
    package static let sharedByDefaults = TreeDecoderPool(capacity: sharedCapacity)

    /// The most decoders this set keeps.
    package let capacity: Int
    /// More converted key names than this are dropped when a decoder comes back, so a
    /// long-lived decoder's key cache does not grow with every document's keys.
    static let convertedKeysLimit = 1024

    private let decoders = LockedValue<[JSONTreeDecoder]>([])

    init(capacity: Int = TreeDecoderPool.capacity) {
        self.capacity = capacity
    }

    /// A kept decoder (parked, pointing at the `null` document), or nil when there is none:
    /// `JSONTreeDecoder.reusing` points it at the call's tree or makes one.
    func take() -> JSONTreeDecoder? {
        decoders.withLock { $0.popLast() }
    }

    /// Keeps `decoder`, whose call has finished without letting it escape, for the next call.
    func keep(_ decoder: JSONTreeDecoder) {
        decoder.park()
        decoder.restart(at: JSON(document: .null), input: nil, sparse: nil)
        if decoder.convertedKeys.count > Self.convertedKeysLimit { decoder.convertedKeys = [:] }
        decoders.withLock { kept in
            if kept.count < capacity { kept.append(decoder) }
        }
    }

    /// How many decoders are kept (for tests).
    package var count: Int { decoders.withLock { $0.count } }
}
