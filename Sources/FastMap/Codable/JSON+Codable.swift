@_spi(FastMapCore) import FastMapCore
import Foundation

/// `JSON` as a `Codable` value, for the dynamic parts of a model:
///
/// ```swift
/// struct Event: Codable {
///     var type: String
///     var payload: JSON   // whatever the event carries
/// }
/// ```
///
/// With ``FastJSONDecoder`` the property copies its part of the parsed document (its cells and
/// the bytes of its strings, in one step): the model then keeps nothing else of the text alive,
/// however long it lives. A `JSON` decoded as the whole document is that document, uncopied.
/// With any other decoder it is rebuilt from the decoder's containers.
extension JSON: Decodable {
    /// Decodes any JSON value: `null`, a boolean, a number, a string, an array or an object.
    ///
    /// Under another decoder, object members come in the order that decoder lists its keys, and
    /// keys pass through its key decoding strategy. FastJSONDecoder keeps the document as is.
    ///
    /// Numbers under another decoder keep what it can hand over: integers within `Int64` and
    /// `UInt64` exactly, `-0` as `-0`, and other numbers through `Decimal` when the decoder reads
    /// one from the number's text, as `JSONDecoder` does (38 significant digits: an integer
    /// beyond 64 bits keeps its digits, a real reads back as its nearest `Double`), else through
    /// `Double`. A number neither holds (`1e400` under `JSONDecoder`) throws that decoder's own
    /// error, which says so; the spelling of a number (`1.5e3` comes back as `1500`) is lost.
    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONTreeDecoder {
            self = tree.jsonValue(tree.node)
            return
        }
        self = try Self.rebuild(from: decoder)
    }

    private static func rebuild(from decoder: any Decoder) throws -> JSON {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { return .null }
            if let value = try? single.decode(Bool.self) { return JSON(value) }
            if let value = try? single.decode(String.self) { return JSON(value) }
            if let number = try number(from: single) { return number }
        }
        if let object = try? decoder.container(keyedBy: FastCodingKey.self) {
            var members: [(key: String, value: JSON)] = []
            for key in object.allKeys {
                members.append((key.stringValue, try object.decode(JSON.self, forKey: key)))
            }
            return JSON(members: members)
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSON] = []
            while !array.isAtEnd {
                elements.append(try array.decode(JSON.self))
            }
            return JSON(array: elements)
        }
        throw CodingErrors.typeMismatch(
            JSON.self, at: decoder.codingPath, "Expected a JSON value (null, bool, number, string, array or object).")
    }

    /// The number `single` holds, as exactly as its decoder hands it over (see
    /// ``init(from:)``); nil when it holds no number.
    /// - Throws: the decoder's own error for a number no `Double` holds.
    private static func number(from single: any SingleValueDecodingContainer) throws -> JSON? {
        if let value = try? single.decode(Int64.self) {
            // `-0` reads as the integer 0; its sign is only in the `Double`.
            if value == 0, let real = try? single.decode(Double.self), real.sign == .minus {
                return try? JSON(string: "-0")
            }
            return JSON(value)
        }
        if let value = try? single.decode(UInt64.self) { return JSON(value) }
        // JSONDecoder reads a Decimal from the number's text (other decoders read Decimal's own
        // keyed form, and fail here on a number); the text FastMap parses from it keeps its digits.
        if let value = try? single.decode(Decimal.self), value.isFinite,
            let number = try? JSON(string: value.description), number.kind == .number
        {
            return number
        }
        let real: Double
        do {
            real = try single.decode(Double.self)
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            return nil  // not a number at all
        }
        // Anything else the decoder threw was about the number (JSONDecoder's for `1e400` says
        // it is not representable in Swift): its own words, thrown above.
        do {
            return try JSON(real)
        } catch {
            throw CodingErrors.dataCorrupted(
                at: single.codingPath, "The number \(real) has no JSON form (JSON holds no NaN or infinity).",
                underlying: error)
        }
    }
}

extension JSON: Encodable {
    /// Encodes the value as the matching JSON: objects through a keyed container (members in
    /// document order), arrays through an unkeyed one, scalars through a single value container.
    /// Integers keep their exact value, including those above `Int64.max`.
    public func encode(to encoder: any Encoder) throws {
        switch node.kind {
        case .object:
            var container = encoder.container(keyedBy: FastCodingKey.self)
            for (key, value) in members {
                try container.encode(value, forKey: FastCodingKey(stringValue: key))
            }
        case .array:
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .string:
            var container = encoder.singleValueContainer()
            try container.encode(node.stringValue)
        case .bool:
            var container = encoder.singleValueContainer()
            try container.encode(node.isTrue)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .number:
            var container = encoder.singleValueContainer()
            switch number {
            case .integer(let value): try container.encode(value)
            case .unsigned(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .text(let text):
                // Every digit survives as a Decimal; beyond its range, the (infinite) double
                // meets the encoder's non-conforming float strategy.
                if let decimal = Decimal(string: text) {
                    try container.encode(decimal)
                } else {
                    try container.encode(Double(text) ?? .nan)
                }
            case nil: try container.encodeNil()
            }
        }
    }
}
