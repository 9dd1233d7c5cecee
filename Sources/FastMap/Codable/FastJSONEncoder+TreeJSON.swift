import Foundation

/// Turning the fallback encoder's tree into a ``JSON`` value, with the nodes parsing the
/// encoder's output would give (so `encodeToJSON(v) == JSON(data: encode(v))`).
extension EncodingTreeValue {
    func makeJSON(topLevel: Any) throws -> JSON {
        var unsigned: Set<UnsafeMutableRawPointer> = []
        let root = try makeNode(level: 0, unsigned: &unsigned, topLevel: topLevel)
        return JSON.owning(root, unsignedNodes: unsigned)
    }

    private func makeNode(level: Int, unsigned: inout Set<UnsafeMutableRawPointer>, topLevel: Any) throws -> JSONNode {
        switch self {
        case .string(let string): return .makeString(string)
        case .bool(let value): return .makeBool(value)
        case .null: return .makeNull()
        case .number(let number): return try number.makeNode(unsigned: &unsigned, topLevel: topLevel)
        case .array(let elements):
            guard level + 1 < EncodingSettings.depthLimit else { throw EncodingError.fastMapTooDeep(topLevel) }
            let array = JSONNode.makeArray()
            do {
                for element in elements {
                    array.append(try element.makeNode(level: level + 1, unsigned: &unsigned, topLevel: topLevel))
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
                        member.key, try member.value.makeNode(level: level + 1, unsigned: &unsigned, topLevel: topLevel)
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
    fileprivate func makeNode(unsigned: inout Set<UnsafeMutableRawPointer>, topLevel: Any) throws -> JSONNode {
        switch self {
        case .signed(let value):
            return .makeInteger(value)
        case .unsigned(let value):
            guard value > UInt64(Int64.max) else { return .makeInteger(Int64(value)) }
            let node = JSONNode.makeUnsignedBits(value)
            unsigned.insert(node.identity)
            return node
        case .double, .float, .text:
            var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: false, keyOrder: .stored, capacity: 32)
            write(to: &writer)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            return try Self.node(forText: text, unsigned: &unsigned, topLevel: topLevel)
        }
    }

    private static func node(
        forText text: String, unsigned: inout Set<UnsafeMutableRawPointer>, topLevel: Any
    ) throws -> JSONNode {
        let isInteger = !text.utf8.contains {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        if isInteger {
            if text == "-0" { return JSONNode.makeReal(-0.0)! }
            if let value = Int64(text) { return .makeInteger(value) }
            if let value = UInt64(text) {
                let node = JSONNode.makeUnsignedBits(value)
                unsigned.insert(node.identity)
                return node
            }
        } else if let value = Double(text), let node = JSONNode.makeReal(value) {
            return node
        }
        // Beyond those, a JSON number is kept as written, as the parser keeps it.
        var bytes = text
        if bytes.withUTF8({ JSONNumberGrammar.matches($0) }), let node = JSONNode.makeKeptNumber(text) {
            return node
        }
        let message =
            "the number \(text) cannot be held by a JSON value (it is not a JSON number)"
        throw EncodingError.fastMapInvalidValue(topLevel, codingPath: [], message: message, kind: .numberOutOfRange)
    }
}
