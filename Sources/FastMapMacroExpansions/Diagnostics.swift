import SwiftDiagnostics
import SwiftSyntax

/// A compile-time message from `@JSONModel`.
struct ModelDiagnostic: DiagnosticMessage {
    let message: String
    let id: String
    let severity: DiagnosticSeverity

    var diagnosticID: MessageID { MessageID(domain: "FastMapMacros", id: id) }

    static func error(_ id: String, _ message: String) -> ModelDiagnostic {
        ModelDiagnostic(message: message, id: id, severity: .error)
    }

    static func warning(_ id: String, _ message: String) -> ModelDiagnostic {
        ModelDiagnostic(message: message, id: id, severity: .warning)
    }
}

/// The text of a fix-it.
struct ModelFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "FastMapMacros", id: message) }
}

/// Collects the diagnostics of one expansion; the expansion writes no code when there is an error.
struct DiagnosticSink {
    var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.diagMessage.severity == .error } }

    mutating func add(_ message: ModelDiagnostic, at node: some SyntaxProtocol, fixIts: [FixIt] = []) {
        diagnostics.append(Diagnostic(node: Syntax(node), message: message, fixIts: fixIts))
    }

    /// A fix-it that deletes `attribute` from `variable`, keeping the line's indentation.
    static func removing(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax, _ message: String) -> FixIt {
        let kept = variable.attributes.filter { element in
            if case .attribute(let other) = element { return other.id != attribute.id }
            return true
        }
        let fixed = variable.with(\.attributes, kept).with(\.leadingTrivia, variable.leadingTrivia)
        return FixIt(
            message: ModelFixIt(message: message),
            changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(fixed))])
    }

    /// A fix-it that replaces `old` with `new`.
    static func replacing(_ old: some SyntaxProtocol, with new: some SyntaxProtocol, _ message: String) -> FixIt {
        FixIt(message: ModelFixIt(message: message), changes: [.replace(oldNode: Syntax(old), newNode: Syntax(new))])
    }
}
