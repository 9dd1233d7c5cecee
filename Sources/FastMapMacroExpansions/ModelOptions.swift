import SwiftDiagnostics
import SwiftSyntax

/// How an enum is laid out in JSON: `@JSONModel(tagging:)` (and `discriminator:`).
enum EnumTagging {
    case external
    case `internal`(discriminator: String)
    case adjacent(tag: String, content: String)
    case untagged
}

/// The `keys:`, `root:` and `tagging:` arguments of `@JSONModel`, read from the attribute.
struct ModelOptions {
    var keyStyle: KeyStyle?
    var root: [String] = []
    var tagging: EnumTagging?
    /// The argument that spelled `tagging:`, for diagnostics.
    var taggingArgument: LabeledExprSyntax?
    /// A `keys:` or `root:` argument, which an enum cannot take.
    var structOnlyArgument: LabeledExprSyntax?

    /// Reads `argument` if it is one of these; false after reporting an error.
    mutating func read(_ argument: LabeledExprSyntax, sink: inout DiagnosticSink) -> Bool {
        switch argument.label?.text {
        case "keys":
            structOnlyArgument = structOnlyArgument ?? argument
            let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
            guard let style = KeyStyle(rawValue: name) else {
                sink.add(
                    .error(
                        "keysUnknown",
                        "keys: takes .snakeCase, .kebabCase, .camelCase, .pascalCase or .screamingSnakeCase"),
                    at: argument.expression)
                return false
            }
            keyStyle = style
        case "root":
            if argument.expression.is(NilLiteralExprSyntax.self) { return true }
            structOnlyArgument = structOnlyArgument ?? argument
            guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                let text = literal.representedLiteralValue
            else {
                sink.add(
                    .error("rootNotLiteral", "root: takes a string literal, as in root: \"data.user\""), at: argument)
                return false
            }
            var keys: [String] = []
            for step in KeyPathSpelling.parse(text) {
                guard case .key(let key) = step, !key.isEmpty else {
                    sink.add(
                        .error(
                            "rootNotKeys", "root: is a path of object keys such as \"data.user\"; \"\(text)\" is not"),
                        at: argument.expression)
                    return false
                }
                keys.append(key)
            }
            guard !keys.isEmpty else {
                sink.add(
                    .error("rootNotKeys", "root: is a path of object keys such as \"data.user\"; \"\(text)\" is not"),
                    at: argument.expression)
                return false
            }
            root = keys
        case "tagging":
            taggingArgument = argument
            guard let parsed = Self.tagging(argument.expression) else {
                sink.add(
                    .error(
                        "taggingUnknown",
                        "tagging: takes .external, .internal(discriminator: \"type\"), .adjacent(tag: \"type\", content: \"value\") or .untagged"
                    ),
                    at: argument.expression)
                return false
            }
            tagging = parsed
        default:
            break
        }
        return true
    }

    private static func tagging(_ expression: ExprSyntax) -> EnumTagging? {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            switch member.declName.baseName.text {
            case "external": return .external
            case "untagged": return .untagged
            default: return nil
            }
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        var texts: [String: String] = [:]
        for argument in call.arguments {
            guard let label = argument.label?.text,
                let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue, !text.isEmpty
            else { return nil }
            texts[label] = text
        }
        switch member.declName.baseName.text {
        case "internal", "`internal`":
            return texts["discriminator"].map { .internal(discriminator: $0) }
        case "adjacent":
            guard let tag = texts["tag"], let content = texts["content"], tag != content else { return nil }
            return .adjacent(tag: tag, content: content)
        default:
            return nil
        }
    }
}
