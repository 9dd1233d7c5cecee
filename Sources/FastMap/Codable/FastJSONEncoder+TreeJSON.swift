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

extension EncodingTreeNumber {
    /// The node FastMap's parser builds for this number's text: integers (above
    /// `Int64.max` flagged unsigned), `-0` and everything with a fraction or exponent as
    /// doubles.
    fileprivate func makeNode(topLevel: Any) throws -> JSONNode {
        switch self {
        case .signed(let value):
            return .makeInteger(value)
        case .unsigned(let value):
            guard value > UInt64(Int64.max) else { return .makeInteger(Int64(value)) }
            return JSONNode.makeUnsignedBits(value)
        case .double, .float, .text:
            var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: false, keyOrder: .stored, capacity: 32)
            write(to: &writer)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            return try Self.node(forText: text, topLevel: topLevel)
        }
    }

    private static func node(
        forText text: String, topLevel: Any
    ) throws -> JSONNode {
        let isInteger = !text.utf8.contains {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        if isInteger {
            if text == "-0" { return JSONNode.makeReal(-0.0)! }
            if let value = Int64(text) { return .makeInteger(value) }
            if let value = UInt64(text) {
                return JSONNode.makeUnsignedBits(value)
            }
        } else if let value = Double(text), let node = JSONNode.makeReal(value) {
            return node
        }
        let message =
            "the number \(text) cannot be held exactly by a JSON value (integers from Int64.min to UInt64.max, finite doubles)"
        throw EncodingError.fastMapInvalidValue(topLevel, codingPath: [], message: message, kind: .numberOutOfRange)
    }
}
