import SwiftDiagnostics
import SwiftSyntax

/// Reads the cases of a `@JSONModel` enum: each case's tag (its name or `@Key`) and associated
/// values (their member key: `@Key` on the value's type, else the label, else `_0`, `_1`, …).
enum EnumCaseReader {
    /// The cases, reporting duplicate tags, misplaced annotations and a value whose key is
    /// `reservedKey` (the discriminator).
    static func read(
        _ members: MemberBlockItemListSyntax, tagPhrase: String, reservedKey: String?, sink: inout DiagnosticSink
    ) -> [EnumCodeGenerator.Case] {
        var cases: [EnumCodeGenerator.Case] = []
        var tags: [String: String] = [:]
        for member in members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            var tagOverride: String?
            var valueKeys: [String: String] = [:]
            for (annotation, attribute) in caseDecl.attributes.annotations {
                if annotation == .key, let (key, label) = valueKey(attribute) {
                    valueKeys[label] = key
                } else if annotation == .key, let text = singleString(attribute) {
                    tagOverride = text
                } else {
                    sink.add(
                        .error(
                            "enumCaseAnnotation",
                            "on an enum case, only @Key(\"value\") is allowed: it sets the case's \(tagPhrase)"),
                        at: attribute)
                }
            }
            for element in caseDecl.elements {
                let name = element.name.unescapedText
                let tag = tagOverride ?? name
                if let other = tags[tag] {
                    sink.add(
                        .error("duplicateTag", "cases '\(other)' and '\(name)' have the same \(tagPhrase) \"\(tag)\""),
                        at: element)
                }
                tags[tag] = name
                var values: [EnumCodeGenerator.Value] = []
                for (index, parameter) in (element.parameterClause?.parameters ?? []).enumerated() {
                    let label = parameter.firstName.map { $0.text == "_" ? nil : $0.unescapedText } ?? nil
                    let keyOverride = valueKeys.removeValue(forKey: label ?? "_\(index)")
                    let type = parameter.type
                    let key = keyOverride ?? label ?? "_\(index)"
                    if key == reservedKey, let reservedKey {
                        sink.add(
                            .error(
                                "valueNamedLikeDiscriminator",
                                "associated value '\(key)' of case '\(name)' has the discriminator's key \"\(reservedKey)\""
                            ),
                            at: parameter)
                    }
                    values.append(
                        EnumCodeGenerator.Value(
                            key: key, label: label, shape: TypeShape(type),
                            defaultValue: parameter.defaultValue?.value.trimmedDescription,
                            hasExplicitKey: keyOverride != nil))
                }
                for label in valueKeys.keys.sorted() where caseDecl.elements.count == 1 {
                    sink.add(
                        .error("enumValueKeyUnknown", "case '\(name)' has no associated value '\(label)'"),
                        at: element)
                }
                cases.append(EnumCodeGenerator.Case(name: name, tag: tag, values: values))
            }
        }
        return cases
    }

    private static func singleString(_ attribute: AttributeSyntax) -> String? {
        guard attribute.argumentList.count == 1,
            let literal = attribute.argumentList.first?.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return literal.representedLiteralValue
    }

    /// `@Key("r", for: "radius")`: the member key of the associated value `radius` (or `_0`).
    private static func valueKey(_ attribute: AttributeSyntax) -> (key: String, label: String)? {
        let arguments = Array(attribute.argumentList)
        guard arguments.count == 2, arguments[1].label?.text == "for",
            let key = arguments[0].expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
            let label = arguments[1].expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        else { return nil }
        return (key, label)
    }
}
