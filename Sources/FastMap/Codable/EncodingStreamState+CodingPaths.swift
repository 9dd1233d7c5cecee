extension EncodingStreamState {
    // The coding paths of frames and values, made from the frames only when an error or an
    // encoder asks for one.

    /// The nearest frame at or below `index` whose encoder a value at `index` belongs to
    /// (skipping nested containers); -1 for the top level.
    func ownerSlot(of index: Int) -> Int {
        var slot = index
        while slot >= 0 && frames[slot].role == .nested { slot -= 1 }
        return slot
    }

    /// The coding path of the encoder of value position `slot`, built as `JSONEncoder`
    /// builds it: the keys of the enclosing value positions, without nested containers' keys.
    /// The frames hold the components; the chain is made only when a path is asked for.
    func encoderNode(_ slot: Int) -> CodingPathNode? {
        guard slot >= 0 else { return nil }
        return CodingPathNode.appending(
            frames[0...slot].lazy.filter(\.isInEncoderPath).compactMap(\.component), to: nil)
    }

    /// The coding path of a container on frame `index`: its encoder's path, then the keys of
    /// the nested containers leading to it.
    func containerNode(_ index: Int) -> CodingPathNode? {
        let slot = ownerSlot(of: index)
        let node = encoderNode(slot)
        guard slot < index else { return node }
        return CodingPathNode.appending(frames[(slot + 1)...index].lazy.compactMap(\.component), to: node)
    }

    /// The coding path of a value written into the container `index` under `component`.
    func valueNode(_ index: Int, _ component: CodingPathComponent?) -> CodingPathNode? {
        let node = encoderNode(ownerSlot(of: index))
        guard let component else { return node }
        return CodingPathNode(parent: node, component: component)
    }
}
