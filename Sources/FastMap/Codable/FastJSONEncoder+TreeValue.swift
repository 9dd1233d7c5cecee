import Foundation

/// A number as `JSONEncoder` writes it: integers exactly, floating-point values in shortest
/// round-trip form, `Decimal` (and 128-bit integers) as their description.
enum EncodingTreeNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case float(Float)
    case text(String)

    init<T: FixedWidthInteger>(_ value: T) {
        if let signed = Int64(exactly: value) {
            self = .signed(signed)
        } else if let unsigned = UInt64(exactly: value) {
            self = .unsigned(unsigned)
        } else {
            self = .text(value.description)
        }
    }

    func write(to writer: inout JSONByteWriter) {
        switch self {
        case .signed(let value): writer.writeInteger(value)
        case .unsigned(let value): writer.writeInteger(value)
        case .double(let value): writer.writeDouble(value)
        case .float(let value): writer.writeFloat(value)
        case .text(let text): writer.writeRaw(text)
        }
    }
}

/// The value tree of the fallback encoder, shaped like `JSONEncoder`'s: an object keeps one
/// member per key (by Swift string equality) in the order the keys first appeared.
enum EncodingTreeValue {
    case string(String)
    case number(EncodingTreeNumber)
    case bool(Bool)
    case null
    case array([EncodingTreeValue])
    case object([(key: String, value: EncodingTreeValue)])

    /// `JSONEncoder` lets a container continue a value already encoded at the same place
    /// when that value is an object (or, for ``arrayReference``, an array).
    var objectReference: EncodingTreeObject? {
        guard case .object(let members) = self else { return nil }
        let object = EncodingTreeObject()
        for (key, value) in members { object.set(.value(value), for: key) }
        return object
    }

    var arrayReference: EncodingTreeArray? {
        guard case .array(let elements) = self else { return nil }
        let array = EncodingTreeArray()
        for element in elements { array.append(.value(element)) }
        return array
    }
}

/// A place in a container of the fallback encoder: a finished value, or a container that
/// may still be written to.
enum EncodingTreeSlot {
    case value(EncodingTreeValue)
    case array(EncodingTreeArray)
    case object(EncodingTreeObject)

    var value: EncodingTreeValue {
        switch self {
        case .value(let value): return value
        case .array(let array): return array.value
        case .object(let object): return object.value
        }
    }
}

/// An array still being encoded.
final class EncodingTreeArray {
    private(set) var slots: [EncodingTreeSlot] = []

    var count: Int { slots.count }

    func append(_ slot: EncodingTreeSlot) { slots.append(slot) }

    func insert(_ slot: EncodingTreeSlot, at index: Int) {
        slots.insert(slot, at: min(index, slots.count))
    }

    var value: EncodingTreeValue { .array(slots.map(\.value)) }
}

/// An object still being encoded: a later value for a key replaces the earlier one and keeps
/// its place and spelling, as in a Swift dictionary.
final class EncodingTreeObject {
    private var keys: [String] = []
    private var slots: [String: EncodingTreeSlot] = [:]

    subscript(key: String) -> EncodingTreeSlot? { slots[key] }

    func set(_ slot: EncodingTreeSlot, for key: String) {
        if slots.updateValue(slot, forKey: key) == nil { keys.append(key) }
    }

    var value: EncodingTreeValue {
        .object(keys.map { (key: $0, value: slots[$0]!.value) })
    }
}

// MARK: Writing

extension EncodingTreeValue {
    /// Writes the tree as `JSONEncoder`'s writer does, failing as it does for containers
    /// nested 512 deep.
    func write(to writer: inout JSONByteWriter, topLevel: Any) throws {
        guard write(to: &writer, level: 0) else { throw EncodingError.fastMapTooDeep(topLevel) }
    }

    private func write(to writer: inout JSONByteWriter, level: Int) -> Bool {
        switch self {
        case .string(let string): writer.writeString(string)
        case .number(let number): number.write(to: &writer)
        case .bool(let value): writer.writeBool(value)
        case .null: writer.writeNull()
        case .array(let elements):
            guard level + 1 < EncodingSettings.depthLimit else { return false }
            writer.beginContainer(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { writer.separator() }
                writer.indent()
                guard element.write(to: &writer, level: level + 1) else { return false }
            }
            writer.endContainer(UInt8(ascii: "]"))
        case .object(let members):
            guard level + 1 < EncodingSettings.depthLimit else { return false }
            writer.beginContainer(UInt8(ascii: "{"))
            let ordered =
                writer.keyOrder == .utf8
                ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            for (position, member) in ordered.enumerated() {
                if position > 0 { writer.separator() }
                writer.indent()
                writer.writeString(member.key)
                writer.keyValueSeparator()
                guard member.value.write(to: &writer, level: level + 1) else { return false }
            }
            writer.endContainer(UInt8(ascii: "}"))
        }
        return true
    }
}
