import SwiftSyntax

/// What the macro can tell about a property's type from its spelling alone.
struct TypeShape {
    /// The type as written.
    let type: TypeSyntax
    /// `T?`, `T!` or `Optional<T>`.
    let isOptional: Bool
    /// The type without its optional wrapper.
    let base: TypeSyntax

    init(_ type: TypeSyntax) {
        let type = type.trimmed
        self.type = type
        if let optional = type.as(OptionalTypeSyntax.self) {
            isOptional = true
            base = optional.wrappedType.trimmed
        } else if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            isOptional = true
            base = implicit.wrappedType.trimmed
        } else if let generic = Self.generic(type, named: "Optional"), generic.count == 1 {
            isOptional = true
            base = generic[0]
        } else {
            isOptional = false
            base = type
        }
    }

    /// The arguments of `Name<...>` (also `Swift.Name<...>`), or nil.
    static func generic(_ type: TypeSyntax, named name: String) -> [TypeSyntax]? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == name,
            let arguments = identifier.genericArgumentClause?.arguments
        {
            return arguments.compactMap { $0.argument.as(TypeSyntax.self)?.trimmed }
        }
        if let member = type.as(MemberTypeSyntax.self), member.name.text == name,
            member.baseType.trimmedDescription == "Swift",
            let arguments = member.genericArgumentClause?.arguments
        {
            return arguments.compactMap { $0.argument.as(TypeSyntax.self)?.trimmed }
        }
        return nil
    }

    /// The simple name of the base type (`Int`, `Date`, `Foundation.Date` → `Date`).
    var baseName: String? {
        if let identifier = base.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let member = base.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            return member.name.text
        }
        return nil
    }

    /// A collection `@Lossy` handles: `[T]`, `[K: V]`, `Array<T>`, `Set<T>`, `Dictionary<K, V>`.
    var isLossyCollection: Bool {
        base.is(ArrayTypeSyntax.self) || base.is(DictionaryTypeSyntax.self)
            || Self.generic(base, named: "Array") != nil || Self.generic(base, named: "Set") != nil
            || Self.generic(base, named: "Dictionary") != nil
    }

    /// The base type is certainly not a collection (a standard scalar type).
    var isKnownScalar: Bool {
        guard let name = baseName else { return false }
        return Self.scalarNames.contains(name) || name == "Date" || name == "URL" || name == "UUID" || name == "Data"
            || name == "Decimal"
    }

    var isDate: Bool { baseName == "Date" }

    static let integerNames: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    static let floatNames: Set<String> = ["Double", "Float", "CGFloat", "Float16", "Float80"]
    static let scalarNames: Set<String> = integerNames.union(floatNames).union(["String", "Bool", "Character"])
}

extension String {
    /// A Swift string literal for `self`.
    var swiftLiteral: String {
        var text = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text += "\\u{\(String(scalar.value, radix: 16))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Whether `self` can be an identifier without backticks.
    var isPlainIdentifier: Bool {
        guard let first = unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && !Self.keywords.contains(self)
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol",
    ]
}

extension TokenSyntax {
    /// The identifier without backticks (`` `default` `` → `default`).
    var unescapedText: String {
        let text = self.text
        guard text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
