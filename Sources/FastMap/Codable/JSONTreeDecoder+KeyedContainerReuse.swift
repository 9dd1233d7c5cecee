@_spi(FastMapCore) import FastMapCore

/// A keyed container handed out by a decoder: its box (the class inside
/// `KeyedDecodingContainer<Key>`), its key type, and its state.
package struct KeyedContainerBox {
    let key: ObjectIdentifier
    var box: AnyObject
    let state: KeyedContainerState
}

/// Handing keyed containers out again.
///
/// Every `init(from:)` asks for a `KeyedDecodingContainer<Key>`, and making one looks up the
/// generic metadata of `JSONKeyedContainer<Key>` and of the standard library's box around it,
/// and the witness table between them: hashed runtime lookups, 10–14% of decoding
/// github_events.json or gsoc-2018.json to models, then an allocation. A decoder that tracks
/// its containers keeps their boxes; when a box is idle again (nothing but the decoder holds it,
/// so no `init(from:)` can still read it), the next container of the same key type is that box
/// pointed at its object.
///
/// The states of tracked containers do not hold the decoder (that would be a cycle); so the call
/// that made the decoder must call ``finishKeyedContainers()`` before it lets go of it, which
/// gives each container still held elsewhere (kept by a model beyond `init(from:)`) a hold on
/// the decoder, as an untracked container has.
extension JSONTreeDecoder {
    /// The most boxes a decoder keeps: one per key type in use at once, as a rule; a model that
    /// keeps its containers would otherwise grow the list without end.
    static let keptKeyedContainerLimit = 64

    /// Whether `KeyedDecodingContainer` is the one reference to its box it has always been;
    /// reuse depends on it (checked once, so that another layout only turns reuse off).
    private static let boxesAreReusable =
        MemoryLayout<KeyedDecodingContainer<FastCodingKey>>.size == MemoryLayout<AnyObject>.size
        && MemoryLayout<KeyedDecodingContainer<FastCodingKey>>.alignment == MemoryLayout<AnyObject>.alignment

    /// Starts tracking keyed containers, to hand them out again; the caller then owes a
    /// ``finishKeyedContainers()`` before it lets go of the decoder.
    package func trackKeyedContainers() {
        tracksKeyedContainers = Self.boxesAreReusable
    }

    /// Ends a call's use of the tracked containers: those still held elsewhere get a hold on
    /// the decoder and are no longer tracked; idle ones stay for the decoder's next use.
    /// Call it before asking whether anything else holds the decoder.
    package func finishKeyedContainers() {
        var index = 0
        while index < keyedContainerBoxes.count {
            if isKnownUniquelyReferenced(&keyedContainerBoxes[index].box) {
                // Idle: it need not keep its last object's converted keys and path alive.
                keyedContainerBoxes[index].state.converted = nil
                keyedContainerBoxes[index].state.path.tail = nil
                index += 1
            } else {
                keyedContainerBoxes[index].state.owner = self
                keyedContainerBoxes.remove(at: index)
            }
        }
    }

    /// A keyed container over `object`: an idle box of the same key type pointed at it, or a
    /// new container.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(
        _ type: Key.Type, object: JSONNode, path: CodingPathReference
    ) throws -> KeyedDecodingContainer<Key> {
        let converted = try convertedKeys(of: object, at: path)
        guard tracksKeyedContainers else {
            let state = KeyedContainerState(
                decoder: self, object: object, path: path, converted: converted, ownsDecoder: true)
            return KeyedDecodingContainer(JSONKeyedContainer<Key>(state: state))
        }
        let key = ObjectIdentifier(type)
        // Indexed, holding no copy of the list: a copy would make every box look shared.
        var index = 0
        while index < keyedContainerBoxes.count {
            // Only this list holds the box: whoever used it last is done with it.
            if keyedContainerBoxes[index].key == key, isKnownUniquelyReferenced(&keyedContainerBoxes[index].box) {
                let state = keyedContainerBoxes[index].state
                state.object = object
                state.path = path
                state.converted = converted
                return unsafeBitCast(keyedContainerBoxes[index].box, to: KeyedDecodingContainer<Key>.self)
            }
            index += 1
        }
        return newTrackedKeyedContainer(type, object: object, path: path, converted: converted)
    }

    private func newTrackedKeyedContainer<Key: CodingKey>(
        _ type: Key.Type, object: JSONNode, path: CodingPathReference, converted: ConvertedKeys?
    ) -> KeyedDecodingContainer<Key> {
        let tracked = keyedContainerBoxes.count < Self.keptKeyedContainerLimit
        let state = KeyedContainerState(
            decoder: self, object: object, path: path, converted: converted, ownsDecoder: !tracked)
        let container = KeyedDecodingContainer(JSONKeyedContainer<Key>(state: state))
        if tracked {
            keyedContainerBoxes.append(
                KeyedContainerBox(
                    key: ObjectIdentifier(type), box: unsafeBitCast(container, to: AnyObject.self), state: state))
        }
        return container
    }
}
