@_spi(FastMapCore) import FastMapCore

extension EncodingStream {
    /// Writes a ``JSONObjectEncodable`` model at the writer's position, as the member or element
    /// `component` of the container on frame `index`: the frames, paths and errors of
    /// ``writeValue(_:in:component:)``, without its probes for scalars and special types, the
    /// `Encoder` and the model's check for one. The model's objects share one key memo, named
    /// by the model type.
    func writeModel<T: JSONObjectEncodable>(_ value: T, in index: Int, component: CodingPathComponent) throws {
        do {
            try writeThroughSlot(in: index, component: component) { position in
                guard state.value.beginWriterObject(position.index, position.generation, keys: ObjectIdentifier(T.self))
                else { throw EncodingStreamBailout() }
                #if DEBUG
                    JSONObjectWriter.modelWrites?.withLock { $0 += 1 }
                    JSONObjectWriter.directModelWrites?.withLock { $0 += 1 }
                #endif
                try value.encode(
                    writer: JSONObjectWriter(stream: self, index: position.index, generation: position.generation))
            }
        } catch {
            // As in writeValue: the member's key or separator is already out.
            state.value.failedMidMember = true
            throw error
        }
    }

    /// Writes an array of models as `Array.encode(to:)` and an unkeyed container would, each
    /// element through ``writeModel(_:in:component:)``.
    func writeModels<T: JSONObjectEncodable>(_ models: [T], in index: Int, component: CodingPathComponent) throws {
        do {
            let (slot, generation) = try beginArray(in: index, component: component)
            for model in models {
                guard state.value.prepare(slot, generation) else { throw EncodingStreamBailout() }
                let element = CodingPathComponent.index(state.value.frames[slot].count)
                state.value.beginElement(in: slot)
                try writeModel(model, in: slot, component: element)
            }
            try finishSlot(slot, generation, emptyError: nil)
        } catch {
            state.value.failedMidMember = true
            throw error
        }
    }
}
