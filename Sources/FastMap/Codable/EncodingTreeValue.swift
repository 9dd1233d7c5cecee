@_spi(FastMapCore) import FastMapCore
import Foundation

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
