import SwiftSyntax
import SwiftSyntaxMacros

/// Lets the coding members of a nested struct or enum name what its body names.
///
/// Structs and enums get `init(from:)` and `encode(to:)` in an extension (so a struct keeps its
/// memberwise initializer), and an extension sits at file scope: for `Inner` in
/// `enum Outer { enum Kind {...}; @JSONModel struct Inner { var kind: Kind } }`, the copied
/// spelling `Kind` does not resolve there, though it does in `Inner`'s body. So for a nested type
/// every type name the user wrote in a property's type or an annotation's argument gets an alias
/// in the body, `private enum _JSONModelScope { typealias Kind_ = Kind }` (resolved where the user
/// wrote it), and the extension's code names `_JSONModelScope.Kind_` instead.
struct ScopeBridge {
    /// The names to alias, in the order first met.
    let names: [String]

    /// The bridge for `declaration`, or nil when it is not nested in another type (file scope
    /// resolves everything then) or names nothing that needs it.
    init?(_ declaration: some DeclGroupSyntax, in context: some MacroExpansionContext) {
        let nested = context.lexicalContext.contains { scope in
            scope.is(StructDeclSyntax.self) || scope.is(EnumDeclSyntax.self) || scope.is(ClassDeclSyntax.self)
                || scope.is(ActorDeclSyntax.self) || scope.is(ExtensionDeclSyntax.self)
        }
        guard nested, !declaration.is(ClassDeclSyntax.self) else { return nil }
        let collector = UserNameCollector(viewMode: .sourceAccurate)
        for member in declaration.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                collector.walkArguments(of: variable.attributes)
                for binding in variable.bindings {
                    if let type = binding.typeAnnotation { collector.walk(type) }
                }
            } else if let enumCase = member.decl.as(EnumCaseDeclSyntax.self) {
                collector.walkArguments(of: enumCase.attributes)
                for element in enumCase.elements {
                    if let parameters = element.parameterClause { collector.walk(parameters) }
                }
            }
        }
        let names = collector.names.filter { !collector.generic.contains($0) }
        guard !names.isEmpty else { return nil }
        self.names = names
    }

    /// The enum in the type's body that holds the aliases.
    static let scope = "_JSONModelScope"

    static func alias(of name: String) -> String { name + "_" }

    /// The aliases, for the type's body: `Kind` resolved there, as `_JSONModelScope.Kind_`.
    var aliases: [DeclSyntax] {
        let lines = names.map { "    typealias \(Self.alias(of: $0)) = \($0)" }.joined(separator: "\n")
        return ["private enum \(raw: Self.scope) {\n\(raw: lines)\n}"]
    }

    /// `declaration` with every bridged name replaced by its alias.
    func rewrite(_ declaration: DeclSyntax) -> DeclSyntax {
        AliasRewriter(names: Set(names)).rewrite(declaration).cast(DeclSyntax.self)
    }
}

/// Names that resolve the same at file scope as anywhere: the standard library's, Foundation's
/// and FastMap's, which the generated code also names itself.
private let globalNames: Set<String> = TypeShape.scalarNames.union([
    "Self", "Any", "AnyObject", "Array", "Dictionary", "Set", "Optional", "Date", "Data", "URL", "UUID",
    "Decimal", "Never", "Void", "Result", "JSON", "JSONDateFormat", "JSONKeyPath", "JSONModelRuntime",
    "DecodingError", "EncodingError", "CodingKey", "Decodable", "Encodable", "Codable", "Swift", "Foundation",
])

/// Collects the type names written in property types and annotation arguments: identifier
/// types, and capitalized references used as a type (`Kind.a`, `Transformer.self`, `Kind(...)`).
private final class UserNameCollector: SyntaxVisitor {
    var names: [String] = []
    /// Names written with generic arguments somewhere: an alias would need parameters.
    var generic: Set<String> = []
    private var seen: Set<String> = []

    /// The annotations' arguments, not their names (`Default` in `@Default(Kind.a)`).
    func walkArguments(of attributes: AttributeListSyntax) {
        for case .attribute(let attribute) in attributes {
            if let arguments = attribute.arguments { walk(arguments) }
        }
    }

    private func add(_ name: String) {
        guard let first = name.first, first.isUppercase, !globalNames.contains(name), !seen.contains(name) else {
            return
        }
        seen.insert(name)
        names.append(name)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if node.genericArgumentClause != nil { generic.insert(node.name.text) }
        add(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self) { add(base.baseName.text) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self) { add(callee.baseName.text) }
        return .visitChildren
    }

    override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.expression.as(DeclReferenceExprSyntax.self) { generic.insert(base.baseName.text) }
        return .visitChildren
    }
}

/// Replaces the bridged names where they stand for a type: identifier types, and references that
/// are not a member of something else (`x.Kind` keeps its `Kind`).
private final class AliasRewriter: SyntaxRewriter {
    let names: Set<String>

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        let visited = super.visit(node)
        guard names.contains(node.name.text), let identifier = visited.as(IdentifierTypeSyntax.self) else {
            return visited
        }
        let scope = IdentifierTypeSyntax(
            leadingTrivia: node.leadingTrivia, name: .identifier(ScopeBridge.scope), trailingTrivia: [])
        let member = MemberTypeSyntax(
            baseType: scope, name: .identifier(ScopeBridge.alias(of: node.name.text)),
            genericArgumentClause: identifier.genericArgumentClause, trailingTrivia: node.trailingTrivia)
        return TypeSyntax(member)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
        guard names.contains(node.baseName.text), node.parent?.as(MemberAccessExprSyntax.self)?.declName != node
        else { return super.visit(node) }
        let scope = DeclReferenceExprSyntax(
            leadingTrivia: node.leadingTrivia, baseName: .identifier(ScopeBridge.scope), trailingTrivia: [])
        let member = MemberAccessExprSyntax(
            base: scope,
            declName: DeclReferenceExprSyntax(baseName: .identifier(ScopeBridge.alias(of: node.baseName.text))),
            trailingTrivia: node.trailingTrivia)
        return ExprSyntax(member)
    }
}
