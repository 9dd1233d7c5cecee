import SwiftDiagnostics
import SwiftSyntax

extension PropertyReader {
    /// Reports a `@Default` literal that cannot be a value of the property's type, when the type is
    /// a standard one the macro knows.
    mutating func checkDefault(_ value: ExprSyntax, for property: ModelProperty, attribute: AttributeSyntax) {
        guard let typeName = property.shape.baseName, TypeShape.scalarNames.contains(typeName) || typeName == "Date"
        else { return }
        let isInteger = TypeShape.integerNames.contains(typeName)
        let isFloat = TypeShape.floatNames.contains(typeName)
        let isText = typeName == "String" || typeName == "Character"
        let problem: String?
        var replacement: ExprSyntax?
        if let literal = value.as(StringLiteralExprSyntax.self) {
            let text = literal.representedLiteralValue ?? ""
            if isText {
                problem = nil
            } else {
                problem = "a string"
                if isInteger, Int(text) != nil {
                    replacement = ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral(text)))
                } else if isFloat, Double(text) != nil, text.first?.isNumber == true || text.first == "-" {
                    replacement = ExprSyntax(FloatLiteralExprSyntax(literal: .floatLiteral(text)))
                } else if typeName == "Bool", text == "true" || text == "false" {
                    replacement = ExprSyntax(BooleanLiteralExprSyntax(text == "true"))
                }
            }
        } else if let literal = value.as(IntegerLiteralExprSyntax.self) {
            problem = isInteger || isFloat ? nil : "an integer"
            if isText { replacement = ExprSyntax(StringLiteralExprSyntax(content: literal.literal.text)) }
        } else if let literal = value.as(FloatLiteralExprSyntax.self) {
            if isFloat {
                problem = nil
            } else {
                problem = "a floating-point number"
                if isText {
                    replacement = ExprSyntax(StringLiteralExprSyntax(content: literal.literal.text))
                } else if isInteger, let number = Double(literal.literal.text), number == number.rounded(),
                    abs(number) < 1e15
                {
                    replacement = ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral(String(Int(number)))))
                }
            }
        } else if let literal = value.as(BooleanLiteralExprSyntax.self) {
            problem = typeName == "Bool" ? nil : "a boolean"
            if isText { replacement = ExprSyntax(StringLiteralExprSyntax(content: literal.literal.text)) }
        } else if value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self) {
            problem = "a collection"
        } else if value.is(NilLiteralExprSyntax.self) {
            problem = property.shape.isOptional ? nil : "nil"
        } else {
            problem = nil
        }
        guard let problem else { return }
        let fixIts =
            replacement.map {
                [DiagnosticSink.replacing(value, with: $0, "Use \($0.trimmedDescription)")]
            } ?? []
        sink.add(
            .error(
                "defaultType",
                "@Default value \(value.trimmedDescription) is \(problem), but '\(property.name)' is \(property.shape.type.trimmedDescription)"
            ),
            at: value, fixIts: fixIts)
    }

    /// Adds `: Type` for a property whose initial value is a literal.
    func typeFixIt(for binding: PatternBindingSyntax) -> [FixIt] {
        guard let value = binding.initializer?.value else { return [] }
        let type: String
        if value.is(StringLiteralExprSyntax.self) {
            type = "String"
        } else if value.is(IntegerLiteralExprSyntax.self) {
            type = "Int"
        } else if value.is(FloatLiteralExprSyntax.self) {
            type = "Double"
        } else if value.is(BooleanLiteralExprSyntax.self) {
            type = "Bool"
        } else {
            return []
        }
        let annotated = binding.with(
            \.pattern, binding.pattern.with(\.trailingTrivia, [])
        ).with(
            \.typeAnnotation,
            TypeAnnotationSyntax(
                colon: .colonToken(trailingTrivia: .space),
                type: TypeSyntax(IdentifierTypeSyntax(name: .identifier(type))),
                trailingTrivia: .space))
        return [DiagnosticSink.replacing(binding, with: annotated, "Add ': \(type)'")]
    }

    /// Adds ` = <empty value>` for an `@Ignore` property of a standard type.
    func initialValueFixIt(for binding: PatternBindingSyntax, type: TypeSyntax?) -> [FixIt] {
        guard let type else { return [] }
        let shape = TypeShape(type)
        let value: String
        if shape.isOptional {
            value = "nil"
        } else if shape.base.is(ArrayTypeSyntax.self) || TypeShape.generic(shape.base, named: "Array") != nil
            || TypeShape.generic(shape.base, named: "Set") != nil
        {
            value = "[]"
        } else if shape.base.is(DictionaryTypeSyntax.self) || TypeShape.generic(shape.base, named: "Dictionary") != nil
        {
            value = "[:]"
        } else if let name = shape.baseName,
            TypeShape.integerNames.contains(name) || TypeShape.floatNames.contains(name)
        {
            value = "0"
        } else if shape.baseName == "String" {
            value = "\"\""
        } else if shape.baseName == "Bool" {
            value = "false"
        } else {
            return []
        }
        let withValue = binding.with(
            \.typeAnnotation, binding.typeAnnotation?.with(\.trailingTrivia, .space)
        ).with(
            \.initializer,
            InitializerClauseSyntax(
                equal: .equalToken(trailingTrivia: .space), value: ExprSyntax(stringLiteral: value)))
        return [DiagnosticSink.replacing(binding, with: withValue, "Add '= \(value)'")]
    }
}
