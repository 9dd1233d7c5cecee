@_spi(FastMapCore) import FastMapCore
import Foundation

/// Turning the fallback encoder's tree into a ``JSON`` value, with the nodes parsing the
/// encoder's output would give (so `encodeToJSON(v) == JSON(data: encode(v))`).
extension EncodingTreeValue {
    func makeJSON(topLevel: Any) throws -> JSON {
        JSON.owning(try makeNode(level: 0, topLevel: topLevel), depth: EncodingSettings.depthLimit)
    }

    private func makeNode(level: Int, topLevel: Any) throws -> JSONBuildNode {
        switch self {
        case .string(let string): return .makeString(string)
        case .bool(let value): return .makeBool(value)
        case .null: return .makeNull()
        case .number(let number): return try number.makeNode(topLevel: topLevel)
        case .array(let elements):
            guard level + 1 < EncodingSettings.depthLimit else { throw EncodingError.fastMapTooDeep(topLevel) }
            let array = JSONBuildNode.makeArray()
            for element in elements {
                array.append(try element.makeNode(level: level + 1, topLevel: topLevel))
            }
            return array
        case .object(let members):
            guard level + 1 < EncodingSettings.depthLimit else { throw EncodingError.fastMapTooDeep(topLevel) }
            let object = JSONBuildNode.makeObject()
            for member in members {
                object.setFirst(member.key, try member.value.makeNode(level: level + 1, topLevel: topLevel))
            }
            return object
        }
    }
}
