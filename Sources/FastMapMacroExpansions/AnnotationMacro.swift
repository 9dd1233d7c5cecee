import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key`, `@Default`, `@Lossless`, … : markers that `@JSONModel` reads. On their own they write
/// nothing; outside a `@JSONModel` type they warn that they have no effect.
public struct AnnotationMacro: PeerMacro {
    /// Writes nothing; warns when the annotated declaration is not inside a `@JSONModel` type.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let insideModel = context.lexicalContext.contains { syntax in
            guard let group = syntax.asProtocol(DeclGroupSyntax.self) else { return false }
            return group.attributes.contains { element in
                guard case .attribute(let attribute) = element else { return false }
                let name = attribute.attributeName.trimmedDescription
                return name == "JSONModel" || name == "FastMapModels.JSONModel" || name == "FastMap.JSONModel"
            }
        }
        if !insideModel {
            context.diagnose(
                Diagnostic(
                    node: node,
                    message: ModelDiagnostic.warning(
                        "annotationOutsideModel",
                        "@\(node.attributeName.trimmedDescription) has no effect outside a @JSONModel type")))
        }
        return []
    }
}
