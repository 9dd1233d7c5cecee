import SwiftDiagnostics
import SwiftSyntax

extension PropertyReader {
    /// `@DecodeAlias("a", "b")`: string literals, each one key.
    mutating func readAliases(
        _ arguments: [LabeledExprSyntax], attribute: AttributeSyntax, into property: inout ModelProperty,
        in variable: VariableDeclSyntax
    ) {
        guard !arguments.isEmpty else {
            sink.add(
                .error(
                    "decodeAliasEmpty", "@DecodeAlias needs at least one key to try, as in @DecodeAlias(\"user_id\")"),
                at: attribute,
                fixIts: [DiagnosticSink.removing(attribute, from: variable, "Remove @DecodeAlias")])
            return
        }
        for argument in arguments {
            guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                let text = literal.representedLiteralValue
            else {
                sink.add(
                    .error(
                        "decodeAliasNotLiteral", "@DecodeAlias takes string literals, as in @DecodeAlias(\"user_id\")"),
                    at: argument.expression)
                return
            }
            guard case .key(let key)? = KeyPathSpelling.parse(text).first, KeyPathSpelling.parse(text).count == 1,
                !key.isEmpty
            else {
                sink.add(
                    .error(
                        "decodeAliasNotKey",
                        "an alias is one object key; \"\(text)\" is \(text.isEmpty ? "empty" : "a path")"),
                    at: argument.expression)
                return
            }
            property.aliases.append(key)
        }
    }

    /// Aliases stand in for one key: a property read from a nested path cannot have them.
    mutating func checkAliases(_ property: ModelProperty, _ annotations: [(Annotation, AttributeSyntax)]) {
        guard !property.aliases.isEmpty, property.path.count != 1,
            let attribute = annotations.first(where: { $0.0 == .decodeAlias })?.1
        else { return }
        sink.add(
            .error(
                "decodeAliasOnPath",
                "@DecodeAlias applies to a property read from one key, not from the path \"\(property.keyPathText)\""),
            at: attribute)
    }
}
