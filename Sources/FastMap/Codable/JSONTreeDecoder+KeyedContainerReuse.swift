@_spi(FastMapCore) import FastMapCore

/// Handing keyed containers out again (see ``ReusableContainerBoxes``): a decoder that tracks
/// its containers points an idle box of the same key type at the next object.
///
/// The top-level, sparse and streamed decodes track; each calls ``finishKeyedContainers()``
/// when it ends. Decoders with no such end (a `superDecoder()`, the front ends' own) make a
/// container per object.
extension JSONTreeDecoder {
    /// Starts tracking keyed containers; the caller then owes a ``finishKeyedContainers()``
    /// before it lets go of the decoder.
    package func trackKeyedContainers() {
        tracksKeyedContainers = ReusableContainerBoxes<KeyedContainerState>.layoutAllowsReuse
    }

    /// Lets go of the tracked containers (which hold the decoder), at the end of a call.
    package func finishKeyedContainers() {
        keyedContainerBoxes.removeAll()
    }

    /// A keyed container over `object`: an idle box of the same key type pointed at it, or a
    /// new container.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(
        _ type: Key.Type, object: JSONNode, path: CodingPathReference
    ) throws -> KeyedDecodingContainer<Key> {
        let converted = try convertedKeys(of: object, at: path)
        guard tracksKeyedContainers else {
            let state = KeyedContainerState(object: object, path: path, converted: converted)
            return KeyedDecodingContainer(JSONKeyedContainer<Key>(decoder: self, state: state))
        }
        if let (box, state) = keyedContainerBoxes.idle(ObjectIdentifier(type)) {
            state.object = object
            state.path = path
            state.converted = converted
            return unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
        }
        return newTrackedKeyedContainer(type, object: object, path: path, converted: converted)
    }

    private func newTrackedKeyedContainer<Key: CodingKey>(
        _ type: Key.Type, object: JSONNode, path: CodingPathReference, converted: ConvertedKeys?
    ) -> KeyedDecodingContainer<Key> {
        let state = KeyedContainerState(object: object, path: path, converted: converted)
        let container = KeyedDecodingContainer(JSONKeyedContainer<Key>(decoder: self, state: state))
        _ = keyedContainerBoxes.keep(
            unsafeBitCast(container, to: AnyObject.self), state: state, key: ObjectIdentifier(type))
        return container
    }
}
