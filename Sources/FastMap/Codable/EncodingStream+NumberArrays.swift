@_spi(FastMapCore) import FastMapCore
import Foundation

extension EncodingStream {
    /// Writes `[Double]`, `[Float]` and `[Int]` directly, element by element, instead of
    /// through `Array.encode(to:)`: number-heavy documents (coordinates, meshes) are mostly
    /// such arrays, often of two or three elements, where an encoder, an unkeyed container and
    /// a protocol call per element cost more than the digits. The frames, separators, paths and
    /// errors are those the unkeyed container produces, so the bytes and errors are the same.
    @inline(__always)
    func writeNumberArray<T>(_ value: T, in index: Int, component: EncodingPathComponent) throws -> Bool {
        if T.self == [Double].self {
            try writeFloats(identityCast(value, to: [Double].self), in: index, component: component)
        } else if T.self == [Float].self {
            try writeFloats(identityCast(value, to: [Float].self), in: index, component: component)
        } else if T.self == [Int].self {
            try writeIntegers(identityCast(value, to: [Int].self), in: index, component: component)
        } else {
            return false
        }
        return true
    }

    /// Opens the array's value position and container, as `writeThroughSlot` and
    /// `unkeyedContainer()` do; returns the frame and its generation.
    private func beginNumberArray(in index: Int, component: EncodingPathComponent) throws -> (
        slot: Int, generation: Int
    ) {
        if state.pointee.bailedOut { throw EncodingStreamBailout() }
        let generation = state.pointee.push(.pending, role: .value, component: component)
        let slot = state.pointee.frames.count - 1
        state.pointee.becomeContainer(.array, slot, generation)
        if state.pointee.bailedOut { throw EncodingStreamBailout() }
        return (slot, generation)
    }

    private func writeFloats<F: BinaryFloatingPoint & CustomStringConvertible>(
        _ array: [F], in index: Int, component: EncodingPathComponent
    ) throws {
        let (slot, generation) = try beginNumberArray(in: index, component: component)
        for element in array {
            if element.isFinite {
                state.pointee.beginElement(in: slot)
                state.pointee.writer.writeFloatingPoint(element)
            } else {
                // The unkeyed container's order: the strategy decides (or throws, at the
                // element's index) before the separator is written.
                let elementComponent = EncodingPathComponent.index(state.pointee.frames[slot].count)
                try checkFloat(element, in: slot, component: elementComponent)
                state.pointee.beginElement(in: slot)
                try writeFloat(element, in: slot, component: elementComponent)
            }
        }
        try finishSlot(slot, generation, emptyError: nil)
    }

    private func writeIntegers(_ array: [Int], in index: Int, component: EncodingPathComponent) throws {
        let (slot, generation) = try beginNumberArray(in: index, component: component)
        for element in array {
            state.pointee.beginElement(in: slot)
            state.pointee.writer.writeInteger(element)
        }
        try finishSlot(slot, generation, emptyError: nil)
    }
}
