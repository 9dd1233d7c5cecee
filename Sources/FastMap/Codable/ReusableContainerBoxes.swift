@_spi(FastMapCore) import FastMapCore

/// The keyed container boxes one decoder or encoder handed out, kept so that an idle one can be
/// handed out again.
///
/// Every `init(from:)` asks for a `KeyedDecodingContainer<Key>` and every `encode(to:)` for a
/// `KeyedEncodingContainer<Key>`; making one looks up the generic metadata of FastMap's
/// container for `Key` and of the standard library's box around it, and the witness table
/// between them (hashed runtime lookups, 10–15% of decoding or encoding github_events.json),
/// then allocates the box. A box nothing but this list holds is idle (no `init(from:)` or
/// `encode(to:)` can still use it), so the next container of its key type can be that box with
/// its state pointed elsewhere: the container keeps everything it reads in `State`, a class.
///
/// Where a container holds its decoder or encoder, the list holds them in a cycle, which the
/// call that made it breaks when it ends with ``removeAll()`` (the encoder: one stream per call).
/// Where it does not (a decoder's containers hold it unowned, so that a streaming loop keeps its
/// boxes from element to element), ``finish(holding:)`` gives each container still
/// held elsewhere (kept beyond `init(from:)`) the hold it needs and lets it go.
package struct ReusableContainerBoxes<State: AnyObject> {
    private struct Entry {
        let key: ObjectIdentifier
        var box: AnyObject
        let state: State
    }

    /// The most boxes kept: about one per key type in use at once; a model that keeps its
    /// containers would otherwise grow the list without end.
    package static var limit: Int { 64 }

    private var entries: [Entry] = []

    package init() {}

    /// An idle box of containers keyed by `key`, its state pointed at the next object by
    /// `repoint`; nil when every one is in use.
    ///
    /// Neither is retained: the list holds both, `repoint` only sets the state's fields, and
    /// the caller hands the box out (retaining it then). Retaining and releasing each here cost
    /// four atomic operations per `init(from:)`, 2–3% of decoding github_events.json.
    @inline(__always)
    package mutating func idle(
        _ key: ObjectIdentifier, repointing repoint: (State) -> Void
    ) -> UnownedReference<AnyObject>? {
        // Indexed, holding no copy of the list: a copy would make every box look shared.
        var index = 0
        while index < entries.count {
            if entries[index].key == key, isKnownUniquelyReferenced(&entries[index].box) {
                UnownedReference(entries[index].state).reading(repoint)
                return UnownedReference(entries[index].box)
            }
            index += 1
        }
        return nil
    }

    /// Keeps `container` (a new one) for reuse, unless the list is full or the standard
    /// library lays its keyed containers out otherwise than as one reference to their box
    /// (`KeyedContainerBoxes.box(of:)` gives none; then nothing is ever kept, and ``idle(_:repointing:)``
    /// finds nothing to cast back). Returns whether it is kept; one that is not must hold what
    /// its state needs by itself.
    package mutating func keep<Key>(_ container: KeyedDecodingContainer<Key>, state: State) -> Bool {
        keep(KeyedContainerBoxes.box(of: container), state: state, key: ObjectIdentifier(Key.self))
    }

    /// The same for an encoding container.
    package mutating func keep<Key>(_ container: KeyedEncodingContainer<Key>, state: State) -> Bool {
        keep(KeyedContainerBoxes.box(of: container), state: state, key: ObjectIdentifier(Key.self))
    }

    private mutating func keep(_ box: AnyObject?, state: State, key: ObjectIdentifier) -> Bool {
        guard let box, entries.count < Self.limit else { return false }
        entries.append(Entry(key: key, box: box, state: state))
        return true
    }

    /// Ends a call's use of the boxes: each one still held elsewhere goes to `hold` (which
    /// gives its state the holds it needs) and is no longer kept; idle ones stay for the next
    /// use as they are (the next use points their state at its own object and path; clearing
    /// them in between cost a streaming loop three reference counts per box and element).
    package mutating func finish(holding hold: (State) -> Void) {
        var index = 0
        while index < entries.count {
            if isKnownUniquelyReferenced(&entries[index].box) {
                index += 1
            } else {
                hold(entries[index].state)
                entries.remove(at: index)
            }
        }
    }

    /// Lets go of every box, at the end of the call that made the list.
    package mutating func removeAll() {
        entries.removeAll()
    }
}
