import SwiftDiagnostics
import SwiftSyntax

/// Writes coding for an enum in the `.external`, `.adjacent` and `.untagged` layouts (the
/// `.internal` one is ``EnumCodeGenerator``). A case's values are its payload: the value itself
/// for one unlabeled value without `@Key`, otherwise an object of its values by key.
struct TaggedEnumCodeGenerator: CodingGenerator {
    let modelName: String
    let tagging: EnumTagging
    let access: String
    private(set) var cases: [EnumCodeGenerator.Case] = []
    private var keys = EnumCodingKeys()

    init?(
        modelName: String, tagging: EnumTagging, access: String, members: MemberBlockItemListSyntax,
        sink: inout DiagnosticSink
    ) {
        self.modelName = modelName
        self.tagging = tagging
        self.access = access
        cases = EnumCaseReader.read(members, tagPhrase: "tag", reservedKey: nil, sink: &sink)
        if sink.hasErrors { return nil }
        if case .adjacent(let tag, let content) = tagging {
            keys.add(tag)
            keys.add(content)
        }
        for enumCase in cases where !Self.isDirect(enumCase) {
            for value in enumCase.values { keys.add(value.key) }
        }
    }

    /// One unlabeled value without `@Key`: the payload is the value itself.
    static func isDirect(_ enumCase: EnumCodeGenerator.Case) -> Bool {
        enumCase.values.count == 1 && enumCase.values[0].label == nil && !enumCase.values[0].hasExplicitKey
    }

    private func reference(_ key: String) -> String { keys.reference(key) }

    private func caseName(_ enumCase: EnumCodeGenerator.Case) -> String {
        enumCase.name.isPlainIdentifier ? enumCase.name : "`\(enumCase.name)`"
    }

    var codingKeys: DeclSyntax { keys.declaration }

    // MARK: Decoding

    var initializer: DeclSyntax {
        var lines: [String] = []
        switch tagging {
        case .external:
            lines.append("let container = try decoder.container(keyedBy: JSONModelKey.self)")
            lines.append("let key = try JSONModelRuntime.singleKey(of: container, model: \(modelName.swiftLiteral))")
            lines.append("switch key.stringValue {")
            lines += caseBranches(container: "container", contentKey: "key")
            lines.append("default:")
            lines.append(
                "throw JSONModelRuntime.unknownCase(key.stringValue, model: \(modelName.swiftLiteral), expected: \(tagList), codingPath: container.codingPath)"
            )
            lines.append("}")
        case .adjacent(let tag, let content):
            lines.append("let container = try decoder.container(keyedBy: CodingKeys.self)")
            lines.append("let tag = try container.decode(String.self, forKey: \(reference(tag)))")
            lines.append("switch tag {")
            lines += caseBranches(container: "container", contentKey: reference(content))
            lines.append("default:")
            lines.append(
                "throw JSONModelRuntime.unknownCase(tag, model: \(modelName.swiftLiteral), expected: \(tagList), codingPath: container.codingPath + [CodingKeys\(reference(tag))])"
            )
            lines.append("}")
        case .untagged:
            lines.append("self = try JSONModelRuntime.firstDecoding(decoder, model: \(modelName.swiftLiteral), [")
            for enumCase in cases { lines.append(untaggedAttempt(enumCase)) }
            lines.append("])")
        case .internal:
            break
        }
        lines.append("try JSONModelRuntime.didDecode(&self)")
        return "\(raw: access)init(from decoder: any Decoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}"
    }

    private var tagList: String { "[" + cases.map(\.tag.swiftLiteral).joined(separator: ", ") + "]" }

    /// The `case "tag":` branches reading each payload at `contentKey` of `container`.
    private func caseBranches(container: String, contentKey: String) -> [String] {
        var lines: [String] = []
        for enumCase in cases {
            lines.append("case \(enumCase.tag.swiftLiteral):")
            let name = caseName(enumCase)
            if enumCase.values.isEmpty {
                lines.append("self = .\(name)")
                continue
            }
            var body: [String] = []
            if Self.isDirect(enumCase) {
                let type = enumCase.values[0].shape.type.trimmedDescription
                body.append("self = .\(name)(try \(container).decode(\(type).self, forKey: \(contentKey)))")
            } else {
                body.append(
                    "let values = try \(container).nestedContainer(keyedBy: CodingKeys.self, forKey: \(contentKey))")
                body.append("self = .\(name)(\(arguments(enumCase)))")
            }
            let type = "case \(enumCase.name)(\(valueList(enumCase)))"
            lines += ["do {"] + body + ["} catch {"]
            lines.append(
                "throw JSONModelRuntime.decodingFailure(error, model: \(modelName.swiftLiteral), property: \(enumCase.name.swiftLiteral), keyPath: \"\", type: \(type.swiftLiteral), in: \(container))"
            )
            lines.append("}")
        }
        return lines
    }

    /// The case's values read from a `values` container, as call arguments.
    private func arguments(_ enumCase: EnumCodeGenerator.Case) -> String {
        enumCase.values.map { value -> String in
            let type = (value.shape.isOptional ? value.shape.base : value.shape.type).trimmedDescription
            var read: String
            if value.shape.isOptional || value.defaultValue != nil {
                read = "try values.decodeIfPresent(\(type).self, forKey: \(reference(value.key)))"
                if let fallback = value.defaultValue { read += " ?? \(fallback)" }
            } else {
                read = "try values.decode(\(type).self, forKey: \(reference(value.key)))"
            }
            return value.label.map { "\($0): \(read)" } ?? read
        }.joined(separator: ", ")
    }

    private func valueList(_ enumCase: EnumCodeGenerator.Case) -> String {
        enumCase.values.map { ($0.label.map { "\($0): " } ?? "") + $0.shape.type.trimmedDescription }
            .joined(separator: ", ")
    }

    private func untaggedAttempt(_ enumCase: EnumCodeGenerator.Case) -> String {
        let name = caseName(enumCase)
        let head = "(\(enumCase.name.swiftLiteral), { (decoder: any Decoder) throws -> \(modelName) in"
        if enumCase.values.isEmpty {
            return head
                + "\ntry JSONModelRuntime.expectTag(\(enumCase.tag.swiftLiteral), in: decoder)\nreturn .\(name)\n}),"
        }
        if Self.isDirect(enumCase) {
            let type = enumCase.values[0].shape.type.trimmedDescription
            return head + " .\(name)(try decoder.singleValueContainer().decode(\(type).self)) }),"
        }
        return head
            + "\nlet values = try decoder.container(keyedBy: CodingKeys.self)\nreturn .\(name)(\(arguments(enumCase)))\n}),"
    }

    // MARK: Encoding

    var encoder: DeclSyntax {
        var lines = ["try JSONModelRuntime.willEncode(self)"]
        switch tagging {
        case .external: lines.append("var container = encoder.container(keyedBy: JSONModelKey.self)")
        case .adjacent: lines.append("var container = encoder.container(keyedBy: CodingKeys.self)")
        case .untagged, .internal: break
        }
        lines.append("switch self {")
        for enumCase in cases {
            let bindings = enumCase.values.indices.map { "let value\($0)" }
            lines.append(
                "case .\(caseName(enumCase))\(bindings.isEmpty ? "" : "(\(bindings.joined(separator: ", ")))"):")
            lines += encodeCase(enumCase)
        }
        lines.append("}")
        return "\(raw: access)func encode(to encoder: any Encoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}"
    }

    private func encodeCase(_ enumCase: EnumCodeGenerator.Case) -> [String] {
        let content: (container: String, key: String)
        var lines: [String] = []
        switch tagging {
        case .external:
            content = ("container", "JSONModelKey(stringValue: \(enumCase.tag.swiftLiteral))")
            if enumCase.values.isEmpty {
                return ["_ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: \(content.key))"]
            }
        case .adjacent(let tag, let contentKey):
            lines.append("try container.encode(\(enumCase.tag.swiftLiteral), forKey: \(reference(tag)))")
            if enumCase.values.isEmpty { return lines }
            content = ("container", reference(contentKey))
        case .untagged, .internal:
            if enumCase.values.isEmpty || Self.isDirect(enumCase) {
                let value = enumCase.values.isEmpty ? enumCase.tag.swiftLiteral : "value0"
                return ["var single = encoder.singleValueContainer()", "try single.encode(\(value))"]
            }
            lines.append("var values = encoder.container(keyedBy: CodingKeys.self)")
            lines += valueEncodes(enumCase)
            return lines
        }
        if Self.isDirect(enumCase) {
            lines.append("try \(content.container).encode(value0, forKey: \(content.key))")
        } else {
            lines.append(
                "var values = \(content.container).nestedContainer(keyedBy: CodingKeys.self, forKey: \(content.key))")
            lines += valueEncodes(enumCase)
        }
        return lines
    }

    private func valueEncodes(_ enumCase: EnumCodeGenerator.Case) -> [String] {
        enumCase.values.enumerated().map { index, value in
            let method = value.shape.isOptional ? "encodeIfPresent" : "encode"
            return "try values.\(method)(value\(index), forKey: \(reference(value.key)))"
        }
    }
}
