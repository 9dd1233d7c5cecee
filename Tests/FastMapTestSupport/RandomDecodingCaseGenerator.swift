import Foundation

/// A seeded generator of schemas and payloads: mostly valid payloads, and one corruption at a
/// random place in about half of them (a wrong kind, a null, a missing key, a number out of
/// range or with a fraction, a bad date / Base64 / URL, or cut-off text).
public struct RandomDecodingCaseGenerator {
    private var rng: SeededGenerator

    /// A generator starting from `seed`.
    public init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    /// The next case.
    public mutating func next() -> RandomDecodingCase {
        let snakeCase = chance(0.25)
        let strategies: [JSONDecoder.DateDecodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
        ]
        let strategyIndex = Int.random(in: 0..<strategies.count, using: &rng)
        let schema = randomObject(depth: 0)
        var payload = payload(for: schema, isoDates: strategyIndex == 3)
        var corruption = "none"
        if chance(0.5) { corruption = corrupt(&payload) }
        var json = render(payload, snakeCase: snakeCase)
        if corruption == "none" && chance(0.04) {
            json = String(json.prefix(Int.random(in: 0..<max(1, json.count), using: &rng)))
            corruption = "truncated"
        }
        return RandomDecodingCase(
            schema: schema, json: json, dateStrategy: strategies[strategyIndex], snakeCase: snakeCase,
            corruption: corruption)
    }

    /// A random JSON document (no schema) for decoding as a dynamic value.
    public mutating func nextDocument() -> String {
        render(randomTree(depth: 0), snakeCase: false)
    }

    // MARK: Schemas

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &rng) < probability
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &rng)] }

    private static let words = ["id", "name", "value", "count", "items", "user", "créé", "名前", "urlPath", "isOn", "x"]

    private mutating func randomKey(_ index: Int) -> String {
        // camelCase names so that snake_case round trips; the index keeps them unique.
        let first = pick(Self.words)
        return chance(0.5) ? "\(first)\(index)" : "\(first)Part\(index)"
    }

    private mutating func randomObject(depth: Int) -> RandomSchema {
        let count = Int.random(in: 1...5, using: &rng)
        return .object((0..<count).map { .init(key: randomKey($0), schema: randomSchema(depth: depth + 1)) })
    }

    private mutating func randomSchema(depth: Int) -> RandomSchema {
        let roll = Int.random(in: 0..<10, using: &rng)
        if depth >= 4 || roll < 5 { return .scalar(pick(RandomSchema.ScalarKind.allCases)) }
        switch roll {
        case 5: return .optional(randomSchema(depth: depth))
        case 6, 7: return .array(randomSchema(depth: depth + 1))
        case 8: return .dictionary(randomSchema(depth: depth + 1))
        default: return randomObject(depth: depth)
        }
    }

    // MARK: Payloads

    /// A payload tree: raw JSON text at the leaves.
    indirect enum Payload {
        case raw(String)
        case array([Payload])
        case object([(key: String, value: Payload, convertsKey: Bool)])
    }

    private mutating func payload(for schema: RandomSchema, isoDates: Bool) -> Payload {
        switch schema {
        case .scalar(let kind): return .raw(scalarText(kind, isoDates: isoDates))
        case .optional(let wrapped):
            return chance(0.3) ? .raw("null") : payload(for: wrapped, isoDates: isoDates)
        case .array(let element):
            return .array(
                (0..<Int.random(in: 0...4, using: &rng)).map { _ in payload(for: element, isoDates: isoDates) })
        case .dictionary(let element):
            let count = Int.random(in: 0...3, using: &rng)
            return .object(
                (0..<count).map { index in
                    let key = chance(0.2) ? "\(index)" : "key_\(index)\(pick(["", "é", "_x"]))"
                    return (key, payload(for: element, isoDates: isoDates), false)
                })
        case .object(let fields):
            var members: [(key: String, value: Payload, convertsKey: Bool)] = []
            for field in fields {
                if case .optional = field.schema, chance(0.3) { continue }
                members.append((field.key, payload(for: field.schema, isoDates: isoDates), true))
            }
            return .object(members)
        }
    }

    private mutating func scalarText(_ kind: RandomSchema.ScalarKind, isoDates: Bool) -> String {
        switch kind {
        case .int, .int64:
            return String(Int64.random(in: .min ... .max, using: &rng) >> Int64.random(in: 0...63, using: &rng))
        case .int8: return String(Int8.random(in: .min ... .max, using: &rng))
        case .int16: return String(Int16.random(in: .min ... .max, using: &rng))
        case .int32: return String(Int32.random(in: .min ... .max, using: &rng))
        case .uint, .uint64:
            return chance(0.1)
                ? "18446744073709551615"
                : String(UInt64.random(in: 0 ... .max, using: &rng) >> UInt64.random(in: 0...63, using: &rng))
        case .uint8: return String(UInt8.random(in: 0 ... .max, using: &rng))
        case .uint16: return String(UInt16.random(in: 0 ... .max, using: &rng))
        case .uint32: return String(UInt32.random(in: 0 ... .max, using: &rng))
        case .double: return numberText()
        case .decimal: return decimalText()
        case .float: return pick(["0.5", "-1.25", "3.4028234e38", "1e-45", "16777217", "0.1", "-0", "2.5e10", "7"])
        case .string: return quoted(randomString())
        case .bool: return chance(0.5) ? "true" : "false"
        case .date:
            if isoDates {
                return quoted(pick(["2020-01-01T00:00:00Z", "1999-12-31T23:59:59+01:00", "2021-06-15T08:30:00.000Z"]))
            }
            return numberText()
        case .data:
            return quoted(
                Data((0..<Int.random(in: 0...6, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
                    .base64EncodedString())
        case .url:
            return quoted(
                pick(["https://example.com/a", "file:///tmp/x", "relative/path", "mailto:a@b.c", "https://例え.jp/パス"]))
        }
    }

    private mutating func numberText() -> String {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return String(Int.random(in: -1000...1000, using: &rng))
        case 1: return "\(Double.random(in: -1e6...1e6, using: &rng))"
        case 2:
            return
                "\(Int.random(in: 1...9, using: &rng)).\(Int.random(in: 0...99, using: &rng))e\(Int.random(in: -320...300, using: &rng))"
        case 3:
            return pick(["0.30000000000000001", "3.14159265358979323846", "-2.718281828459045235360287", "-0", "0.0"])
        case 4:
            return pick([
                "9007199254740993", "9007199254740993.0", "1e19", "-9.2233720368547758e18", "123456789.123456789",
            ])
        case 5: return String(UInt64.random(in: 0 ... .max, using: &rng))
        case 6: return "\(Double(bitPattern: UInt64.random(in: 0 ... 0x7FEF_FFFF_FFFF_FFFF, using: &rng)))"
        default: return "\(Float.random(in: -100...100, using: &rng))"
        }
    }

    /// Numbers inside `Decimal`'s range (a random one outside would make most payloads fail
    /// twice, and the order of two failures in a dictionary is not defined).
    private mutating func decimalText() -> String {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return String(Int64.random(in: .min ... .max, using: &rng))
        case 1:
            return
                "\(Int.random(in: 1...9, using: &rng)).\(Int.random(in: 0...999, using: &rng))0e\(Int.random(in: -90...90, using: &rng))"
        case 2: return "\(Double.random(in: -1e6...1e6, using: &rng))"
        default:
            return pick(["0.30000000000000001", "3.14159265358979323846", "-0", "0.1", "1e-100", "8.7e-127", "1.5e127"])
        }
    }

    private mutating func randomString() -> String {
        let pieces = ["a", "Z", "é", "😀", "名", "\\", "\"", "\n", "\u{0}", "/", " ", "\u{7F}", "\u{2028}"]
        return (0..<Int.random(in: 0...6, using: &rng)).map { _ in pick(pieces) }.joined()
    }

    private mutating func randomTree(depth: Int) -> Payload {
        let roll = Int.random(in: 0..<10, using: &rng)
        if depth >= 5 || roll < 6 {
            return .raw(
                pick([
                    numberText(), quoted(randomString()), "true", "false", "null",
                    String(Int.random(in: -5...5, using: &rng)),
                ]))
        }
        if roll < 8 {
            return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in randomTree(depth: depth + 1) })
        }
        let count = Int.random(in: 0...4, using: &rng)
        return .object((0..<count).map { (randomKey($0), randomTree(depth: depth + 1), false) })
    }

    // MARK: Corruptions

    private mutating func corrupt(_ payload: inout Payload) -> String {
        var places = 0
        count(payload, &places)
        let target = Int.random(in: 0..<max(places, 1), using: &rng)
        var seen = 0
        var description = "none"
        corrupt(&payload, target: target, seen: &seen, description: &description, path: "$")
        return description
    }

    private func count(_ payload: Payload, _ places: inout Int) {
        places += 1
        switch payload {
        case .raw: break
        case .array(let elements): for element in elements { count(element, &places) }
        case .object(let members): for member in members { count(member.value, &places) }
        }
    }

    private mutating func corrupt(
        _ payload: inout Payload, target: Int, seen: inout Int, description: inout String, path: String
    ) {
        if seen == target {
            let replacement: String
            if case .object(var members) = payload, !members.isEmpty, chance(0.5) {
                let removed = members.remove(at: Int.random(in: 0..<members.count, using: &rng))
                payload = .object(members)
                description = "removed \(path).\(removed.key)"
                seen += 1
                return
            }
            if case .raw(let text) = payload, let first = text.first, first == "-" || first.isNumber, chance(0.6) {
                // (Never below Int64.min: FastMap rejects such integers while parsing, by design.)
                let negated = text.hasPrefix("-") || text.count >= 19 ? String(text.drop { $0 == "-" }) : "-" + text
                replacement = pick([text + ".5", negated, text + "e3", "0.5", negated + "e-2"])
            } else {
                replacement = pick([
                    "null", "\"text\"", "[]", "{}", "true", "12", "-1", "1.5", "\"2020-99-99\"", "\"%%\"",
                ])
            }
            payload = .raw(replacement)
            description = "\(path) := \(replacement)"
            seen += 1
            return
        }
        seen += 1
        switch payload {
        case .raw: break
        case .array(var elements):
            for index in elements.indices {
                corrupt(
                    &elements[index], target: target, seen: &seen, description: &description, path: "\(path)[\(index)]")
            }
            payload = .array(elements)
        case .object(var members):
            for index in members.indices {
                corrupt(
                    &members[index].value, target: target, seen: &seen, description: &description,
                    path: "\(path).\(members[index].key)")
            }
            payload = .object(members)
        }
    }

    // MARK: Text

    private mutating func render(_ payload: Payload, snakeCase: Bool) -> String {
        var out = ""
        render(payload, snakeCase: snakeCase, into: &out)
        return out
    }

    private mutating func render(_ payload: Payload, snakeCase: Bool, into out: inout String) {
        let space = chance(0.2) ? pick([" ", "\n", "\t", "  \r\n"]) : ""
        switch payload {
        case .raw(let text): out += text
        case .array(let elements):
            out += "[" + space
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," + space }
                render(element, snakeCase: snakeCase, into: &out)
            }
            out += space + "]"
        case .object(let members):
            out += "{" + space
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                let key = snakeCase && member.convertsKey ? Self.snakeCased(member.key) : member.key
                out += space + (chance(0.1) ? escapedAll(key) : quoted(key)) + space + ":"
                render(member.value, snakeCase: snakeCase, into: &out)
            }
            out += space + "}"
        }
    }

    static func snakeCased(_ key: String) -> String {
        var out = ""
        for character in key {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    private func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\u{0}": out += "\\u0000"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Every character as a `\u` escape (surrogate pairs above the BMP).
    private func escapedAll(_ text: String) -> String {
        "\"" + text.utf16.map { "\\u" + String(format: "%04x", $0) }.joined() + "\""
    }
}
