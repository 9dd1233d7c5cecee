import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct FastMapMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        JSONModelMacro.self,
        AnnotationMacro.self,
    ]
}
