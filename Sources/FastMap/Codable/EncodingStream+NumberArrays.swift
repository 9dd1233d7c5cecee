@_spi(FastMapCore) import FastMapCore
import Foundation

extension EncodingStream {
    /// Writes `[Double]`, `[Float]`, `[Int]`, `[[Double]]` and `[[[Double]]]` directly, instead of
    /// through `Array.encode(to:)`: number-heavy documents (coordinates, meshes) are mostly
    /// such arrays, often of two or three elements, where an encoder, an unkeyed container and
    /// a protocol call per element cost more than the digits. The frames, separators, paths and
    /// errors are those the unkeyed container produces, so the bytes and errors are the same.
    @inline(__always)
    func writeNumberArray<T>(_ value: T, in index: Int, component: CodingPathComponent?) throws -> Bool {
        if T.self == [Double].self {
            try writeFloats(identityCast(value, to: [Double].self), in: index, component: component)
        } else if T.self == [Float].self {
            try writeFloats(identityCast(value, to: [Float].self), in: index, component: component)
        } else if T.self == [[Double]].self {
            try writeDoubleRows(identityCast(value, to: [[Double]].self), in: index, component: component)
        } else if T.self == [[[Double]]].self {
            // GeoJSON polygons: rings of coordinate pairs.
            let rings = identityCast(value, to: [[[Double]]].self)
            let (slot, generation) = try beginArray(in: index, component: component)
            for ring in rings {
                let ringComponent = CodingPathComponent.index(state.value.frames[slot].count)
                state.value.beginElement(in: slot)
                try writeDoubleRows(ring, in: slot, component: ringComponent)
            }
            try finishSlot(slot, generation, emptyError: nil)
        } else if T.self == [Int].self {
            try writeIntegers(identityCast(value, to: [Int].self), in: index, component: component)
        } else {
            return false
        }
        return true
    }

    /// Opens the array's value position and container, as `writeThroughSlot` and
    /// `unkeyedContainer()` do; returns the frame and its generation.
    func beginArray(in index: Int, component: CodingPathComponent?) throws -> (
        slot: Int, generation: Int
    ) {
        if state.value.bailedOut { throw EncodingStreamBailout() }
        let generation = state.value.push(.pending, role: .value, component: component)
        let slot = state.value.frames.count - 1
        state.value.becomeContainer(.array, slot, generation)
        if state.value.bailedOut { throw EncodingStreamBailout() }
        return (slot, generation)
    }

    private func writeFloats<F: BinaryFloatingPoint & CustomStringConvertible>(
        _ array: [F], in index: Int, component: CodingPathComponent?
    ) throws {
        let (slot, generation) = try beginArray(in: index, component: component)
        if F.self == Double.self && !state.value.writer.prettyPrinted {
            // Compact doubles: runs of finite values as one list each.
            let doubles = identityCast(array, to: [Double].self)
            var next = 0
            while next < doubles.count {
                let leadingComma = state.value.frames[slot].count > 0
                let written = state.value.writer.writeFiniteDoubleList(doubles[next...], leadingComma: leadingComma)
                state.value.frames[slot].count += written
                next += written
                if next < doubles.count {
                    try writeFloatElement(doubles[next], in: slot)
                    next += 1
                }
            }
        } else {
            for element in array {
                if element.isFinite {
                    state.value.beginElement(in: slot)
                    state.value.writer.writeFloatingPoint(element)
                } else {
                    try writeFloatElement(element, in: slot)
                }
            }
        }
        try finishSlot(slot, generation, emptyError: nil)
    }

    /// `[[Double]]` (coordinate pairs, matrices): in compact output a row of finite values is
    /// written whole, without a frame of its own (nothing in it can fail or need a path); a
    /// row holding an infinity or NaN, and every row when pretty printing, takes the framed
    /// path of a `[Double]` element.
    private func writeDoubleRows(_ rows: [[Double]], in index: Int, component: CodingPathComponent?) throws {
        let (slot, generation) = try beginArray(in: index, component: component)
        let compact = !state.value.writer.prettyPrinted
        for row in rows {
            if compact && row.allSatisfy(\.isFinite) {
                state.value.beginElement(in: slot)
                guard state.value.openContainer(UInt8(ascii: "[")) else { throw EncodingStreamBailout() }
                _ = state.value.writer.writeFiniteDoubleList(row[...], leadingComma: false)
                state.value.writer.endContainer(UInt8(ascii: "]"))
                state.value.containerDepth -= 1
            } else {
                let rowComponent = CodingPathComponent.index(state.value.frames[slot].count)
                state.value.beginElement(in: slot)
                try writeFloats(row, in: slot, component: rowComponent)
            }
        }
        try finishSlot(slot, generation, emptyError: nil)
    }

    /// One element through the non-conforming float strategy, in the unkeyed container's
    /// order: the strategy decides (or throws, at the element's index) before the separator.
    private func writeFloatElement<F: BinaryFloatingPoint & CustomStringConvertible>(
        _ element: F, in slot: Int
    ) throws {
        let elementComponent = CodingPathComponent.index(state.value.frames[slot].count)
        try checkFloat(element, in: slot, component: elementComponent)
        state.value.beginElement(in: slot)
        try writeFloat(element, in: slot, component: elementComponent)
    }

    private func writeIntegers(_ array: [Int], in index: Int, component: CodingPathComponent?) throws {
        let (slot, generation) = try beginArray(in: index, component: component)
        if !state.value.writer.prettyPrinted {
            // Compact: the whole array as one list (nothing in it can fail or need a path).
            // A separator and a digit loop per element in Swift took 160 instructions an
            // integer; mesh.json's 37,008 integers were 28% of encoding it.
            let leadingComma = state.value.frames[slot].count > 0
            state.value.writer.writeIntegerList(array, leadingComma: leadingComma)
            state.value.frames[slot].count += array.count
        } else {
            for element in array {
                state.value.beginElement(in: slot)
                state.value.writer.writeInteger(element)
            }
        }
        try finishSlot(slot, generation, emptyError: nil)
    }
}
