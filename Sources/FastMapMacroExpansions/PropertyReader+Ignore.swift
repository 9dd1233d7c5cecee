import SwiftDiagnostics
import SwiftSyntax

extension PropertyReader {
    /// Which way `@Ignore` leaves a property out.
    enum IgnoreDirection {
        case both
        case decoding
        case encoding
    }

    /// The direction of the property's `@Ignore`, or nil without one.
    static func ignoreDirection(_ annotations: [(Annotation, AttributeSyntax)]) -> IgnoreDirection? {
        guard let (_, attribute) = annotations.first(where: { $0.0 == .ignore }) else { return nil }
        guard let argument = attribute.argumentList.first?.expression.as(MemberAccessExprSyntax.self) else {
            return .both
        }
        switch argument.declName.baseName.text {
        case "decoding": return .decoding
        case "encoding": return .encoding
        default: return .both
        }
    }

    /// Two `@Ignore`s on one property: whatever their directions, together they mean a plain
    /// `@Ignore`, so the fix-it keeps one without arguments.
    mutating func reportConflictingIgnores(
        _ annotations: [(Annotation, AttributeSyntax)], in variable: VariableDeclSyntax
    ) {
        let ignores = annotations.filter { $0.0 == .ignore }.map(\.1)
        guard let first = ignores.first, let second = ignores.dropFirst().first else { return }
        let plain = AttributeSyntax(
            atSign: .atSignToken(), attributeName: TypeSyntax(IdentifierTypeSyntax(name: .identifier("Ignore"))),
            trailingTrivia: first.trailingTrivia)
        let kept = variable.attributes.compactMap { element -> AttributeListSyntax.Element? in
            guard case .attribute(let attribute) = element else { return element }
            if attribute.id == first.id { return .attribute(plain.with(\.leadingTrivia, first.leadingTrivia)) }
            if ignores.contains(where: { $0.id == attribute.id }) { return nil }
            return element
        }
        let fixed = variable.with(\.attributes, AttributeListSyntax(kept))
        sink.add(
            .error(
                "conflictingIgnore",
                "\(first.trimmedDescription) and \(second.trimmedDescription) together leave the property out both ways; write a single @Ignore"
            ),
            at: second,
            fixIts: [DiagnosticSink.replacing(variable, with: fixed, "Replace with @Ignore")])
    }

    /// Annotations that say how a value is read from its own key, which a `@Flatten` property
    /// does not have.
    static let flattenClashes: [(Annotation, Annotation)] = [
        (.flatten, .key), (.flatten, .default), (.flatten, .lossless), (.flatten, .lossy), (.flatten, .dateFormat),
        (.flatten, .transform), (.flatten, .jsonString), (.flatten, .decodeAlias), (.flatten, .encodeKey),
        (.flatten, .encodeNil),
    ]
}
