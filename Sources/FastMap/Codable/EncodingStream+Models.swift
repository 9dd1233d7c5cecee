@_spi(FastMapCore) import FastMapCore

extension EncodingStream {
    /// Writes a ``JSONObjectEncodable`` model at the writer's position, as the member or element
    /// `component` of the container on frame `index`: the frames, paths and errors of
    /// ``writeValue(_:in:component:)``, without its probes for scalars and special types, the
    /// `Encoder` and the model's check for one. `write` is the model's `encode(writer:)`, called
    /// where the model is, so that the model is not copied; its objects share one key memo, named
    /// by `keys` (the model type).
    func writeModel(
        keys: ObjectIdentifier, in index: Int, component: CodingPathComponent,
        _ write: (JSONObjectWriter) throws -> Void
    ) throws {
        do {
            try writeThroughSlot(in: index, component: component) { position in
                guard state.value.beginWriterObject(position.index, position.generation, keys: keys)
                else { throw EncodingStreamBailout() }
                #if DEBUG
                    JSONObjectWriter.modelWrites?.withLock { $0 += 1 }
                    JSONObjectWriter.directModelWrites?.withLock { $0 += 1 }
                #endif
                try write(JSONObjectWriter(stream: self, index: position.index, generation: position.generation))
            }
        } catch {
            // As in writeValue: the member's key or separator is already out.
            state.value.failedMidMember = true
            throw error
        }
    }

    /// Writes an array of `count` models as `Array.encode(to:)` and an unkeyed container would,
    /// element `i` through ``writeModel(keys:in:component:_:)`` and `write(i, writer)`.
    func writeModels(
        count: Int, keys: ObjectIdentifier, in index: Int, component: CodingPathComponent,
        _ write: (Int, JSONObjectWriter) throws -> Void
    ) throws {
        do {
            let (slot, generation) = try beginArray(in: index, component: component)
            for element in 0..<count {
                guard state.value.prepare(slot, generation) else { throw EncodingStreamBailout() }
                state.value.beginElement(in: slot)
                try writeModel(keys: keys, in: slot, component: .index(element)) { try write(element, $0) }
            }
            try finishSlot(slot, generation, emptyError: nil)
        } catch {
            state.value.failedMidMember = true
            throw error
        }
    }
}
