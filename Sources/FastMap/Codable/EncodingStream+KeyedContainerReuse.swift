@_spi(FastMapCore) import FastMapCore

/// Handing keyed containers out again (see ``ReusableContainerBoxes``): a stream points an idle
/// box of the same key type at the next object's frame. `streamed(settings:_:)` calls
/// ``finishKeyedContainers()`` when the value is written.
extension EncodingStream {
    /// A keyed container writing into the frame `index` (of `generation`).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(
        _ type: Key.Type, index: Int, generation: Int
    ) -> KeyedEncodingContainer<Key> {
        let idle = keyedContainerBoxes.idle(ObjectIdentifier(type)) { state in
            state.index = index
            state.generation = generation
        }
        if let idle { return idle.reading { KeyedContainerBoxes.encodingContainer($0, keyedBy: Key.self) } }
        let state = EncodingKeyedContainerState(index: index, generation: generation)
        let container = KeyedEncodingContainer(EncodingStreamKeyedContainer<Key>(stream: self, state: state))
        _ = keyedContainerBoxes.keep(container, state: state)
        return container
    }

    /// Lets go of the kept containers (which hold the stream), at the end of the encode call.
    func finishKeyedContainers() {
        keyedContainerBoxes.removeAll()
    }
}
