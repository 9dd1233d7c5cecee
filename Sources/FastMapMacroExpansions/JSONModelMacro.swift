import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONModel`: reads the type's stored properties (or enum cases) and their annotations and
/// writes `CodingKeys`, `init(from:)` and `encode(to:)`. Structs and enums get them in an
/// extension (so a struct keeps its memberwise initializer); classes get them in the body, where
/// designated and `required` initializers must live.
public struct JSONModelMacro: MemberMacro, ExtensionMacro {
    /// For a class: `CodingKeys`, `required init(from:)` and `encode(to:)` in the class body. For
    /// a struct or enum nested in another type: the aliases of its ``ScopeBridge``.
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var sink = DiagnosticSink()
        guard let plan = plan(node, declaration, sink: &sink), !sink.hasErrors else { return [] }
        guard declaration.is(ClassDeclSyntax.self) else { return ScopeBridge(declaration, in: context)?.aliases ?? [] }
        return plan.declarations
    }

    /// The `Codable` conformance, and for structs and enums the coding members; reports misuse.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var sink = DiagnosticSink()
        let plan = plan(node, declaration, sink: &sink)
        for diagnostic in sink.diagnostics { context.diagnose(diagnostic) }
        guard let plan, !sink.hasErrors else { return [] }
        let conformed = protocols.map(\.trimmedDescription).filter {
            switch $0.split(separator: ".").last {
            case "JSONObjectEncodable": plan.isObjectEncodable
            case "JSONObjectDecodable": plan.isObjectDecodable
            default: true
            }
        }
        let conformance = conformed.isEmpty ? "" : ": " + conformed.joined(separator: ", ")
        var members = declaration.is(ClassDeclSyntax.self) ? [] : plan.declarations
        if let bridge = ScopeBridge(declaration, in: context) { members = members.map(bridge.rewrite) }
        if members.isEmpty && conformed.isEmpty { return [] }
        let body = members.map(\.description).joined(separator: "\n\n")
        let decl: DeclSyntax = "extension \(type.trimmed)\(raw: conformance) {\n\(raw: body)\n}"
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// What to write for one type.
    struct Plan {
        var declarations: [DeclSyntax]
        /// Whether the type conforms to `JSONObjectEncodable`, and to `JSONObjectDecodable`.
        var isObjectEncodable = false
        var isObjectDecodable = false
    }

    static func plan(_ node: AttributeSyntax, _ declaration: some DeclGroupSyntax, sink: inout DiagnosticSink) -> Plan?
    {
        let arguments = node.argumentList
        var discriminator: String?
        var inheritsCoding: Bool?
        var options = ModelOptions()
        for argument in arguments {
            guard options.read(argument, sink: &sink) else { return nil }
            switch argument.label?.text {
            case "discriminator":
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                    let text = literal.representedLiteralValue, !text.isEmpty
                else {
                    sink.add(
                        .error("discriminatorNotLiteral", "discriminator: takes a non-empty string literal"),
                        at: argument)
                    return nil
                }
                discriminator = text
            case "inheritsCoding":
                inheritsCoding = argument.expression.trimmedDescription == "true"
            default:
                break
            }
        }

        let modifiers = declaration.modifiers
        let access =
            modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
            ? "public " : modifiers.contains { $0.name.tokenKind == .keyword(.package) } ? "package " : ""
        let isolated = declaration.attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return attribute.attributeName.trimmedDescription.hasSuffix("Actor")
        }
        let isolation = isolated ? "nonisolated " : ""
        let members = declaration.memberBlock.members
        if let clash = userCodingMember(in: members) {
            sink.add(
                .error(
                    "userCodingMember",
                    "@JSONModel writes \(clash.name) itself; remove this one and describe the mapping with annotations"),
                at: clash.node)
            return nil
        }

        if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            if let misplaced = options.structOnlyArgument {
                sink.add(
                    .error(
                        "enumModelOption", "\(misplaced.label?.text ?? "this argument"): applies to structs and classes"
                    ),
                    at: misplaced)
                return nil
            }
            if let tagging = options.tagging, discriminator == nil {
                if case .internal(let key) = tagging {
                    discriminator = key
                } else {
                    return TaggedEnumCodeGenerator(
                        modelName: enumDecl.name.text, tagging: tagging, access: access + isolation,
                        members: members, sink: &sink
                    ).map(Plan.init)
                }
            }
            guard let discriminator else {
                let fixed = node.with(\.leftParen, .leftParenToken()).with(
                    \.arguments,
                    .argumentList([
                        LabeledExprSyntax(
                            label: "discriminator", expression: ExprSyntax(StringLiteralExprSyntax(content: "type")))
                    ])
                ).with(\.rightParen, .rightParenToken())
                sink.add(
                    .error(
                        "enumNeedsDiscriminator",
                        "@JSONModel on an enum needs the key that names the case, as in @JSONModel(discriminator: \"type\")"
                    ),
                    at: node, fixIts: [DiagnosticSink.replacing(node, with: fixed, "Add discriminator: \"type\"")])
                return nil
            }
            return EnumCodeGenerator(
                modelName: enumDecl.name.text, discriminator: discriminator, access: access + isolation,
                members: members, sink: &sink
            ).map(Plan.init)
        }
        if let argument = options.taggingArgument {
            sink.add(
                .error(
                    "taggingNotEnum",
                    "tagging: applies to enums with associated values; structs and classes use @JSONModel"),
                at: node,
                fixIts: [DiagnosticSink.replacing(node, with: Self.removing(argument, from: node), "Remove tagging:")])
            return nil
        }
        if let discriminator {
            sink.add(
                .error(
                    "discriminatorNotEnum",
                    "discriminator: \"\(discriminator)\" applies to enums with associated values; structs and classes use @JSONModel"
                ),
                at: node)
            return nil
        }

        let name: String
        let kind: ModelCodeGenerator.Kind
        var inherits = false
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            name = structDecl.name.text
            kind = .structure
        } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
            name = classDecl.name.text
            if classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) {
                kind = .finalClass
            } else if classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.open) }) {
                kind = .openClass
            } else {
                kind = .plainClass
            }
            inherits = inheritsCoding ?? SuperclassGuess.hasSuperclass(classDecl.inheritanceClause)
        } else {
            sink.add(.error("unsupportedKind", "@JSONModel applies to structs, classes and enums"), at: node)
            return nil
        }

        var reader = PropertyReader()
        reader.keyStyle = options.keyStyle
        let properties = reader.read(members)
        sink.diagnostics += reader.sink.diagnostics
        if sink.hasErrors { return nil }
        let hasSuperclass = (declaration.as(ClassDeclSyntax.self)).map {
            SuperclassGuess.hasSuperclass($0.inheritanceClause)
        }
        let generator = ModelCodeGenerator(
            modelName: name, properties: properties, access: access + isolation, kind: kind, inheritsCoding: inherits,
            root: options.root, callsSuperInit: hasSuperclass == true && !inherits)
        return Plan(generator)
    }

    /// `node` without `argument` (and without parentheses when nothing is left).
    static func removing(_ argument: LabeledExprSyntax, from node: AttributeSyntax) -> AttributeSyntax {
        let rest = node.argumentList.filter { $0.id != argument.id }
        guard !rest.isEmpty else {
            return node.with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil)
        }
        var items = Array(rest)
        items[items.count - 1] = items[items.count - 1].with(\.trailingComma, nil)
        return node.with(\.arguments, .argumentList(LabeledExprListSyntax(items)))
    }

    private static func userCodingMember(in members: MemberBlockItemListSyntax) -> (name: String, node: Syntax)? {
        for member in members {
            if let enumDecl = member.decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" {
                return ("CodingKeys", Syntax(enumDecl.name))
            }
            if let initDecl = member.decl.as(InitializerDeclSyntax.self),
                initDecl.signature.parameterClause.parameters.map(\.firstName.text) == ["from"]
            {
                return ("init(from:)", Syntax(initDecl.initKeyword))
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode",
                function.signature.parameterClause.parameters.map(\.firstName.text) == ["to"]
            {
                return ("encode(to:)", Syntax(function.name))
            }
        }
        return nil
    }
}

/// Whether a class's first inherited type is a superclass. Swift syntax alone cannot tell a class
/// from a protocol, so well-known protocols and protocol-like names (`…able`, `…ible`,
/// `…Protocol`) count as protocols; anything else as a superclass. `@JSONModel(inheritsCoding:)`
/// overrides the guess.
enum SuperclassGuess {
    static let knownProtocols: Set<String> = [
        "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Identifiable", "Sendable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "AnyObject", "Error", "LocalizedError",
        "ObservableObject", "CaseIterable", "RawRepresentable", "CustomReflectable", "NSCopying",
        "JSONModelHooks",
    ]

    static func hasSuperclass(_ clause: InheritanceClauseSyntax?) -> Bool {
        guard let first = clause?.inheritedTypes.first?.type else { return false }
        if first.is(AttributedTypeSyntax.self) { return false }
        let name = first.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
        if knownProtocols.contains(name) { return false }
        return
            !(name.hasSuffix("able") || name.hasSuffix("ible") || name.hasSuffix("Protocol")
            || name.hasSuffix("Convertible") || name.hasSuffix("Delegate"))
    }
}
