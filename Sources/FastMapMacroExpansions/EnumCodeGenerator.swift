import SwiftDiagnostics
import SwiftSyntax

/// Writes discriminator-based coding for an enum: each case is an object whose `discriminator`
/// member names the case and whose other members hold the associated values.
struct EnumCodeGenerator: CodingGenerator {
    struct Value {
        /// The label, or `_0`, `_1`, … for unlabeled values.
        let key: String
        /// The label as written, when there is one.
        let label: String?
        let shape: TypeShape
        let defaultValue: String?
        /// `@Key` on the value's type named its member.
        var hasExplicitKey = false
    }

    struct Case {
        let name: String
        let tag: String
        let values: [Value]
        /// One unlabeled non-scalar value shares the case's object.
        var isInline: Bool {
            values.count == 1 && values[0].label == nil && !values[0].hasExplicitKey && !values[0].shape.isOptional
                && !values[0].shape.isKnownScalar && !values[0].shape.isLossyCollection
        }
    }

    let modelName: String
    let discriminator: String
    let access: String
    private(set) var cases: [Case] = []
    private var keys = EnumCodingKeys()

    init?(
        modelName: String, discriminator: String, access: String, members: MemberBlockItemListSyntax,
        sink: inout DiagnosticSink
    ) {
        self.modelName = modelName
        self.discriminator = discriminator
        self.access = access
        cases = EnumCaseReader.read(
            members, tagPhrase: "\"\(discriminator)\" value", reservedKey: discriminator, sink: &sink)
        if sink.hasErrors { return nil }
        keys.add(discriminator)
        for enumCase in cases where !enumCase.isInline {
            for value in enumCase.values { keys.add(value.key) }
        }
    }

    private func reference(_ key: String) -> String { keys.reference(key) }

    var codingKeys: DeclSyntax { keys.declaration }

    var initializer: DeclSyntax {
        var lines = [
            "let container = try decoder.container(keyedBy: CodingKeys.self)",
            "let tag = try container.decode(String.self, forKey: \(reference(discriminator)))",
            "switch tag {",
        ]
        for enumCase in cases {
            lines.append("case \(enumCase.tag.swiftLiteral):")
            let name = enumCase.name.isPlainIdentifier ? enumCase.name : "`\(enumCase.name)`"
            if enumCase.values.isEmpty {
                lines.append("self = .\(name)")
            } else if enumCase.isInline {
                let type = enumCase.values[0].shape.type.trimmedDescription
                lines += guarded(enumCase, "self = .\(name)(try decoder.singleValueContainer().decode(\(type).self))")
            } else {
                let arguments = enumCase.values.map { value -> String in
                    let type = value.shape.isOptional ? value.shape.base : value.shape.type
                    var read: String
                    if value.shape.isOptional || value.defaultValue != nil {
                        read =
                            "try container.decodeIfPresent(\(type.trimmedDescription).self, forKey: \(reference(value.key)))"
                        if let fallback = value.defaultValue { read += " ?? \(fallback)" }
                    } else {
                        read = "try container.decode(\(type.trimmedDescription).self, forKey: \(reference(value.key)))"
                    }
                    return value.label.map { "\($0): \(read)" } ?? read
                }
                lines += guarded(enumCase, "self = .\(name)(\(arguments.joined(separator: ", ")))")
            }
        }
        let expected = cases.map { $0.tag.swiftLiteral.dropFirst().dropLast() }.map { "\\\"\($0)\\\"" }
        lines.append("default:")
        lines.append(
            "throw DecodingError.dataCorruptedError(forKey: \(reference(discriminator)), in: container, debugDescription: \"\(modelName): unknown \\\"\(discriminator)\\\" value \\\"\\(tag)\\\"; expected one of \(expected.joined(separator: ", ")).\")"
        )
        lines.append("}")
        lines.append("try JSONModelRuntime.didDecode(&self)")
        return "\(raw: access)init(from decoder: any Decoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}"
    }

    /// `statement` inside a `do`/`catch` that names the enum and the case in the error.
    private func guarded(_ enumCase: Case, _ statement: String) -> [String] {
        let values = enumCase.values.map { value in
            (value.label.map { "\($0): " } ?? "") + value.shape.type.trimmedDescription
        }
        let type = "case \(enumCase.name)(\(values.joined(separator: ", ")))"
        return [
            "do {", statement, "} catch {",
            "throw JSONModelRuntime.decodingFailure(error, model: \(modelName.swiftLiteral), property: \(enumCase.name.swiftLiteral), keyPath: \"\", type: \(type.swiftLiteral), in: container)",
            "}",
        ]
    }

    var encoder: DeclSyntax {
        var lines = [
            "try JSONModelRuntime.willEncode(self)", "var container = encoder.container(keyedBy: CodingKeys.self)",
            "switch self {",
        ]
        for enumCase in cases {
            let name = enumCase.name.isPlainIdentifier ? enumCase.name : "`\(enumCase.name)`"
            let bindings = enumCase.values.indices.map { "let value\($0)" }
            lines.append("case .\(name)\(bindings.isEmpty ? "" : "(\(bindings.joined(separator: ", ")))"):")
            lines.append("try container.encode(\(enumCase.tag.swiftLiteral), forKey: \(reference(discriminator)))")
            if enumCase.isInline {
                lines.append("try value0.encode(to: encoder)")
                continue
            }
            for (index, value) in enumCase.values.enumerated() {
                let method = value.shape.isOptional ? "encodeIfPresent" : "encode"
                lines.append("try container.\(method)(value\(index), forKey: \(reference(value.key)))")
            }
        }
        lines.append("}")
        return "\(raw: access)func encode(to encoder: any Encoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}"
    }
}
