/// Looks at a value that failed to decode, to say in the error what was there. Runs only when an
/// error is being built.
enum JSONModelProbe {
    struct Found {
        var kind: JSON.Kind?
        var snippet: String?
        /// `string`, `number`, `null`, `object`, … : what error texts say, never the value
        /// itself (a payload may hold secrets; the value is kept in `snippet`).
        var text: String
    }

    static func components(of codingPath: [any CodingKey]) -> [JSONKeyPath.Component] {
        codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) }
    }

    /// The value in `container`, described by trying each scalar kind.
    static func describe(_ container: any SingleValueDecodingContainer) -> Found {
        if container.decodeNil() { return Found(kind: .null, snippet: "null", text: "null") }
        if let flag = try? container.decode(Bool.self) {
            return Found(kind: .bool, snippet: "\(flag)", text: "bool")
        }
        if let number = try? container.decode(Int64.self) { return numberFound(String(number)) }
        if let number = try? container.decode(UInt64.self) { return numberFound(String(number)) }
        if let number = try? container.decode(Double.self) { return numberFound(JSONLosslessScalar.text(of: number)) }
        if let text = try? container.decode(String.self) {
            let snippet = JSONDateText.quoted(text)
            return Found(kind: .string, snippet: snippet, text: "string")
        }
        return Found(kind: nil, snippet: nil, text: "an object or an array")
    }

    private static func numberFound(_ text: String) -> Found {
        Found(kind: .number, snippet: text, text: "number")
    }

    /// The value `decoder` stands on, including containers.
    static func describe(_ decoder: any Decoder) -> Found {
        if let keyed = try? decoder.container(keyedBy: JSONModelKey.self) {
            let keys = keyed.allKeys.prefix(5).map { "\"\($0.stringValue)\"" }
            let more = keyed.allKeys.count > 5 ? ", …" : ""
            let snippet = "{" + keys.joined(separator: ", ") + more + "}"
            return Found(kind: .object, snippet: snippet, text: "object")
        }
        if let unkeyed = try? decoder.unkeyedContainer() {
            let count = unkeyed.count.map { " of \($0) elements" } ?? ""
            return Found(kind: .array, snippet: "[…]", text: "array\(count)")
        }
        guard let container = try? decoder.singleValueContainer() else {
            return Found(kind: nil, snippet: nil, text: "an unreadable value")
        }
        return describe(container)
    }

    /// The decoder for the value at `codingPath`, walking down from `container`.
    static func decoder<Key>(at codingPath: [any CodingKey], below container: KeyedDecodingContainer<Key>)
        -> (any Decoder)?
    {
        let base = container.codingPath
        guard codingPath.count > base.count,
            zip(base, codingPath).allSatisfy({ $0.stringValue == $1.stringValue && $0.intValue == $1.intValue }),
            let first = Key(stringValue: codingPath[base.count].stringValue),
            var decoder = try? container.superDecoder(forKey: first)
        else { return nil }
        for component in codingPath[(base.count + 1)...] {
            if let index = component.intValue {
                guard var unkeyed = try? decoder.unkeyedContainer() else { return nil }
                while unkeyed.currentIndex < index && !unkeyed.isAtEnd {
                    guard (try? unkeyed.decode(JSONModelSkip.self)) != nil else { return nil }
                }
                guard let next = try? unkeyed.superDecoder() else { return nil }
                decoder = next
            } else {
                guard let keyed = try? decoder.container(keyedBy: JSONModelKey.self),
                    let next = try? keyed.superDecoder(forKey: JSONModelKey(stringValue: component.stringValue))
                else { return nil }
                decoder = next
            }
        }
        return decoder
    }
}
