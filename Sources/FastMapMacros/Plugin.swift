import FastMapMacroExpansions
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin: the entry point and the macro types `FastMapModels` names in its
/// `#externalMacro` declarations (a plugin finds a macro by its module and type name). The
/// expansions live in FastMapMacroExpansions, a library the macro tests link directly: a test
/// target depending on a macro target makes SwiftPM build every test, and everything the tests
/// import, a second time for the host.
@main
struct FastMapMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        JSONModelMacro.self,
        AnnotationMacro.self,
    ]
}

/// `@JSONModel`, expanded by ``FastMapMacroExpansions/JSONModelMacro``.
struct JSONModelMacro: MemberMacro, ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try FastMapMacroExpansions.JSONModelMacro.expansion(
            of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
    }

    static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try FastMapMacroExpansions.JSONModelMacro.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }
}

/// `@Key`, `@Default`, `@Lossless`, …, expanded by ``FastMapMacroExpansions/AnnotationMacro``.
struct AnnotationMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try FastMapMacroExpansions.AnnotationMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
