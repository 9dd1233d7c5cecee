@_spi(FastMapCore) import FastMapCore
import Foundation

/// Turning the fallback encoder's tree into a ``JSON`` value, with the nodes parsing the
/// encoder's output would give (so `encodeToJSON(v) == JSON(data: encode(v))`).
extension EncodingTreeValue {
    func makeJSON(topLevel: Any) throws -> JSON {
        JSON.owning(try makeNode(level: 0, topLevel: topLevel))
    }

    private func makeNode(level: Int, topLevel: Any) throws -> JSONNode {
        switch self {
        case .string(let string): return .makeString(string)
        case .bool(let value): return .makeBool(value)
        case .null: return .makeNull()
        case .number(let number): return try number.makeNode(topLevel: topLevel)
        case .array(let elements):
            guard level + 1 < EncodingSettings.depthLimit else { throw EncodingError.fastMapTooDeep(topLevel) }
            let array = JSONNode.makeArray()
            do {
                for element in elements {
                    array.append(try element.makeNode(level: level + 1, topLevel: topLevel))
                }
            } catch {
                array.release()
                throw error
            }
            return array
        case .object(let members):
            guard level + 1 < EncodingSettings.depthLimit else { throw EncodingError.fastMapTooDeep(topLevel) }
            let object = JSONNode.makeObject()
            do {
                for member in members {
                    object.setFirst(
                        member.key, try member.value.makeNode(level: level + 1, topLevel: topLevel)
                    )
                }
            } catch {
                object.release()
                throw error
            }
            return object
        }
    }
}
