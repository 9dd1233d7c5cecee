@_spi(FastMapCore) import FastMapCore

/// Handing keyed containers out again (see ``ReusableContainerBoxes``): a decoder that tracks
/// its containers points an idle box of the same key type at the next object.
///
/// The top-level, sparse and streamed decodes track, and end with ``finishCall(_:)``. A
/// streaming loop's decoder keeps its idle boxes from element to element. Decoders with no such
/// end (a `superDecoder()`, the front ends' own) make a container per object, which holds the
/// decoder.
extension JSONTreeDecoder {
    /// Starts tracking keyed containers; the caller then owes a ``finishCall(_:)`` (or a
    /// ``finishKeyedContainers()``) before it lets go of the decoder.
    package func trackKeyedContainers() {
        tracksKeyedContainers = true
    }

    /// Ends a call that made or took `decoder`: finishes its keyed containers, then answers
    /// whether the decoder outlives the call (a model kept it, a container of it or a
    /// `superDecoder()`), which the caller must then not reuse.
    package static func finishCall(_ decoder: inout JSONTreeDecoder) -> Bool {
        decoder.finishKeyedContainers()
        return !isKnownUniquelyReferenced(&decoder) || decoder.sharing.isShared
    }

    /// Ends a call's use of the tracked containers: those still held elsewhere take a hold on
    /// the decoder and are no longer tracked; idle ones stay for the decoder's next use. The
    /// decoder stops tracking: a model that kept it may ask it for containers later, and keep
    /// one after letting go of the decoder, so those hold it. A streaming loop tracks again when
    /// it hands the decoder, parked because nothing else held it, to the next element.
    package func finishKeyedContainers() {
        tracksKeyedContainers = false
        keyedContainerBoxes.finish(holding: { $0.owner = self })
    }

    /// A keyed container over `object`: an idle box of the same key type pointed at it, or a
    /// new container.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(
        _ type: Key.Type, object: JSONNode, path: CodingPathReference
    ) throws -> KeyedDecodingContainer<Key> {
        let converted = try convertedKeys(of: object, at: path)
        if tracksKeyedContainers {
            let idle = keyedContainerBoxes.idle(ObjectIdentifier(type)) { state in
                state.object = object
                state.path = path
                // Nil both times unless a key strategy converts names: no release and retain then.
                if converted != nil || state.converted != nil { state.converted = converted }
            }
            if let idle { return idle.reading { KeyedContainerBoxes.decodingContainer($0, keyedBy: Key.self) } }
        }
        return newKeyedContainer(type, object: object, path: path, converted: converted)
    }

    /// A new container, kept for reuse when the decoder tracks (out of line: the reused box is
    /// the common case).
    private func newKeyedContainer<Key: CodingKey>(
        _ type: Key.Type, object: JSONNode, path: CodingPathReference, converted: ConvertedKeys?
    ) -> KeyedDecodingContainer<Key> {
        let state = KeyedContainerState(object: object, path: path, converted: converted, owner: nil)
        let container = KeyedDecodingContainer(JSONKeyedContainer<Key>(decoder: self, state: state))
        if !tracksKeyedContainers || !keyedContainerBoxes.keep(container, state: state) { state.owner = self }
        return container
    }
}
