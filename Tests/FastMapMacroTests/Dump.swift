import FastMapMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftDiagnostics
import Testing
import Foundation

@Test func dumpExpansions() throws {
    let path = ProcessInfo.processInfo.environment["DUMP_INPUT"]!
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for source in text.components(separatedBy: "\n=====\n") {
        let file = Parser.parse(source: source)
        let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "M", fullFilePath: "test.swift")])
        let expanded = file.expand(macroSpecs: jsonModelMacros, contextGenerator: { BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts()) }, indentationWidth: .spaces(4))
        print("##### SOURCE\n\(source)\n##### EXPANDED\n\(expanded.description)")
        for diagnostic in context.diagnostics {
            let location = diagnostic.location(converter: SourceLocationConverter(fileName: "test.swift", tree: file))
            print("DIAG \(location.line):\(location.column) \(diagnostic.diagMessage.severity) \(diagnostic.message) FIXITS: \(diagnostic.fixIts.map(\.message.message))")
        }
    }
}
