import SwiftDiagnostics
import SwiftSyntax

/// Reads the stored properties of a struct or class and their annotations, reporting misuse.
struct PropertyReader {
    var sink = DiagnosticSink()
    /// `@JSONModel(keys:)`, for properties without `@Key`.
    var keyStyle: KeyStyle?

    mutating func read(_ members: MemberBlockItemListSyntax) -> [ModelProperty] {
        var properties: [ModelProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            properties += read(variable)
        }
        checkPaths(properties.filter { !$0.flatten }, members: members)
        return properties
    }

    private mutating func read(_ variable: VariableDeclSyntax) -> [ModelProperty] {
        let annotations = variable.attributes.annotations
        let isStatic = variable.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        let isComputed = variable.bindings.contains { Self.isComputed($0) }
        if isStatic || isComputed {
            for (annotation, attribute) in annotations {
                sink.add(
                    .error("notStored", "@\(annotation.rawValue) applies to stored instance properties"), at: attribute,
                    fixIts: [DiagnosticSink.removing(attribute, from: variable, "Remove @\(annotation.rawValue)")])
            }
            return []
        }
        if !checkDuplicates(annotations, in: variable) { return [] }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let ignoring = Self.ignoreDirection(annotations)

        // `let a, b: Int` — a binding without a type takes the next binding's.
        var properties: [ModelProperty] = []
        var laterType: TypeSyntax?
        var entries: [(PatternBindingSyntax, TypeSyntax?)] = []
        for binding in variable.bindings.reversed() {
            if let type = binding.typeAnnotation?.type {
                laterType = type
            } else if binding.initializer != nil {
                laterType = nil
            }
            entries.insert(
                (binding, binding.typeAnnotation?.type ?? (binding.initializer == nil ? laterType : nil)), at: 0)
        }

        for (binding, type) in entries {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unescapedText else {
                continue
            }
            let initializer = binding.initializer
            if ignoring == .both || ignoring == .decoding || isLazy {
                if let (_, attribute) = annotations.first(where: { $0.0 == .ignore }), initializer == nil,
                    isLet || !(type.map { TypeShape($0).isOptional } ?? false)
                {
                    sink.add(
                        .error("ignoreWithoutValue", "@Ignore property '\(name)' needs an initial value"),
                        at: attribute, fixIts: initialValueFixIt(for: binding, type: type))
                    continue
                }
                if ignoring != .decoding || isLazy { continue }
            }
            let decodes = !(isLet && initializer != nil) && ignoring != .decoding
            guard let type = type ?? (decodes ? nil : TypeSyntax(IdentifierTypeSyntax(name: .wildcardToken()))) else {
                sink.add(
                    .error("missingType", "@JSONModel needs the type of '\(name)' spelled out"),
                    at: binding.pattern, fixIts: typeFixIt(for: binding))
                continue
            }
            if !decodes, ignoring != .decoding, let (annotation, attribute) = annotations.first {
                sink.add(
                    .error(
                        "letWithValue",
                        "@\(annotation.rawValue) has no effect: '\(name)' is a 'let' with an initial value, which decoding cannot set"
                    ),
                    at: attribute,
                    fixIts: [
                        DiagnosticSink.replacing(
                            variable.bindingSpecifier, with: TokenSyntax.keyword(.var, trailingTrivia: .space),
                            "Make '\(name)' a 'var'")
                    ])
                continue
            }
            var property = ModelProperty(name: name, shape: TypeShape(type), path: [.key(name)])
            property.decodes = decodes
            property.encodes = ignoring != .encoding
            for (annotation, attribute) in annotations {
                apply(annotation, attribute, to: &property, in: variable)
            }
            if !property.hasExplicitKey, let keyStyle { property.path = [.key(keyStyle.key(for: name))] }
            checkCombinations(property, annotations, in: variable)
            checkAliases(property, annotations)
            properties.append(property)
        }
        return properties
    }

    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case .none: false
        case .getter: true
        case .accessors(let accessors):
            accessors.contains { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): false
                default: true
                }
            }
        }
    }

    private mutating func checkDuplicates(
        _ annotations: [(Annotation, AttributeSyntax)], in variable: VariableDeclSyntax
    )
        -> Bool
    {
        var seen: Set<Annotation> = []
        var ok = true
        for (annotation, attribute) in annotations where !annotation.repeats {
            if seen.contains(annotation) && annotation == .ignore {
                reportConflictingIgnores(annotations, in: variable)
                ok = false
            } else if seen.contains(annotation) {
                let message =
                    annotation == .key ? "a property can have only one @Key" : "@\(annotation.rawValue) appears twice"
                sink.add(
                    .error("duplicate\(annotation.rawValue)", message),
                    at: attribute,
                    fixIts: [DiagnosticSink.removing(attribute, from: variable, "Remove this @\(annotation.rawValue)")])
                ok = false
            }
            seen.insert(annotation)
        }
        return ok
    }

    private mutating func apply(
        _ annotation: Annotation, _ attribute: AttributeSyntax, to property: inout ModelProperty,
        in variable: VariableDeclSyntax
    ) {
        let arguments = Array(attribute.argumentList)
        switch annotation {
        case .key:
            property.hasExplicitKey = true
            if let path = readPath(arguments, attribute: attribute) { property.path = path }
        case .encodeKey:
            if let path = readPath(arguments, attribute: attribute) { property.encodePath = path }
        case .decodeAlias:
            readAliases(arguments, attribute: attribute, into: &property, in: variable)
        case .flatten:
            property.flatten = true
            let shape = property.shape
            if shape.isOptional || shape.isKnownScalar || shape.isLossyCollection {
                sink.add(
                    .error(
                        "flattenNotModel",
                        "@Flatten applies to a nested model type, not to '\(shape.type.trimmedDescription)'"),
                    at: attribute,
                    fixIts: [DiagnosticSink.removing(attribute, from: variable, "Remove @Flatten")])
            }
        case .jsonString:
            property.jsonString = true
        case .default:
            guard let value = arguments.first(where: { $0.label == nil })?.expression else { return }
            property.defaultValue = value.trimmedDescription
            if let onInvalid = arguments.first(where: { $0.label?.text == "onInvalid" })?.expression {
                property.defaultOnInvalid = onInvalid.trimmedDescription == "true"
            }
            checkDefault(value, for: property, attribute: attribute)
        case .lossless:
            property.lossless = true
        case .lossy:
            property.lossy = true
            if !property.shape.isLossyCollection && property.shape.isKnownScalar {
                sink.add(
                    .error(
                        "lossyNotCollection",
                        "@Lossy applies to arrays, sets and dictionaries, not to '\(property.shape.type.trimmedDescription)'"
                    ),
                    at: attribute,
                    fixIts: [DiagnosticSink.removing(attribute, from: variable, "Remove @Lossy")])
            }
        case .dateFormat:
            readDateFormat(arguments, attribute: attribute, into: &property)
        case .modify:
            for argument in arguments { property.modifiers.append(argument.expression.trimmedDescription) }
        case .validate:
            for argument in arguments { property.validations.append(argument.expression.trimmedDescription) }
        case .encodeNil:
            property.encodeNil = true
            if !property.shape.isOptional {
                sink.add(
                    .warning("encodeNilNotOptional", "@EncodeNil has no effect on non-optional '\(property.name)'"),
                    at: attribute,
                    fixIts: [DiagnosticSink.removing(attribute, from: variable, "Remove @EncodeNil")])
            }
        case .transform:
            guard let expression = arguments.first?.expression else { return }
            if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base
            {
                property.reading = .transform(transformer: base.trimmedDescription)
            } else {
                sink.add(
                    .error(
                        "transformNotType", "@Transform takes a transformer type, as in @Transform(URLFromString.self)"),
                    at: expression)
            }
        case .ignore:
            break
        }
    }

    private mutating func readPath(_ arguments: [LabeledExprSyntax], attribute: AttributeSyntax) -> [PathStep]? {
        var path: [PathStep] = []
        for argument in arguments {
            if let literal = argument.expression.as(StringLiteralExprSyntax.self),
                let text = literal.representedLiteralValue
            {
                path += KeyPathSpelling.parse(text)
            } else if let integer = argument.expression.as(IntegerLiteralExprSyntax.self),
                let index = Int(integer.literal.text.filter { $0 != "_" })
            {
                path.append(.index(index))
            } else {
                sink.add(
                    .error(
                        "keyNotLiteral", "@Key takes string and integer literals, as in @Key(\"a.b\") or @Key(\"a\", 0)"
                    ),
                    at: argument.expression)
                return nil
            }
        }
        guard case .key = path.first else {
            sink.add(
                .error("keyStartsWithIndex", "a @Key path must start with a key, not an array index"), at: attribute)
            return nil
        }
        if path.contains(.key("")) {
            sink.add(.error("keyEmpty", "a @Key path cannot have an empty key"), at: attribute)
            return nil
        }
        return path
    }

    private mutating func readDateFormat(
        _ arguments: [LabeledExprSyntax], attribute: AttributeSyntax, into property: inout ModelProperty
    ) {
        guard let expression = arguments.first?.expression else { return }
        if !property.shape.isDate {
            sink.add(
                .error(
                    "dateFormatNotDate",
                    "@DateFormat applies to Date properties, not to '\(property.shape.type.trimmedDescription)'"),
                at: attribute)
            return
        }
        let call = expression.as(FunctionCallExprSyntax.self)
        let member = (call?.calledExpression ?? expression).as(MemberAccessExprSyntax.self)
        let name = member?.declName.baseName.text ?? ""
        let base = member?.base?.trimmedDescription
        guard
            base == nil || base == "JSONDateFormat" || base == "FastMapModels.JSONDateFormat"
                || base == "FastMap.JSONDateFormat"
        else {
            return unknownFormat(expression)
        }
        switch (name, call) {
        case ("iso8601", nil), ("iso8601WithFractionalSeconds", nil), ("rfc3339", nil), ("rfc2822", nil):
            property.reading = .date(format: "JSONDateFormat.\(name)", numeric: false)
        case ("secondsSince1970", nil), ("millisecondsSince1970", nil):
            property.reading = .date(format: "JSONDateFormat.\(name)", numeric: true)
        case ("format", let call?):
            guard let argument = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
                let pattern = argument.representedLiteralValue
            else {
                sink.add(
                    .error("dateFormatNotLiteral", "@DateFormat(.format(...)) takes a string literal pattern"),
                    at: expression)
                return
            }
            let unknown = DatePatternCheck.unknownLetters(in: pattern)
            if !unknown.isEmpty {
                let letters = unknown.map { "'\($0.letter)'" }.joined(separator: ", ")
                let fixed = DatePatternCheck.quotingUnknownLetters(in: pattern)
                sink.add(
                    .error(
                        "dateFormatUnknownLetter",
                        "date format \"\(pattern)\" has unknown pattern letter\(unknown.count > 1 ? "s" : "") \(letters); put literal text in single quotes"
                    ),
                    at: argument,
                    fixIts: [
                        DiagnosticSink.replacing(
                            argument, with: ExprSyntax(StringLiteralExprSyntax(content: fixed)),
                            "Quote \(letters) as literal text")
                    ])
                return
            }
            property.reading = .date(format: "JSONDateFormat.format(\(pattern.swiftLiteral))", numeric: false)
        case ("custom", let call?):
            guard let argument = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
                argument.declName.baseName.text == "self", let coding = argument.base
            else {
                sink.add(
                    .error(
                        "dateFormatCustomType",
                        "@DateFormat(.custom(...)) takes a JSONDateCoding type, as in .custom(MyDates.self)"),
                    at: expression)
                return
            }
            property.reading = .customDate(coding: coding.trimmedDescription)
        default:
            unknownFormat(expression)
        }
    }

    private mutating func unknownFormat(_ expression: ExprSyntax) {
        sink.add(
            .error(
                "dateFormatUnknown",
                "@DateFormat takes .iso8601, .iso8601WithFractionalSeconds, .rfc3339, .rfc2822, .secondsSince1970, .millisecondsSince1970, .format(\"…\") or .custom(Type.self)"
            ),
            at: expression)
    }

    private mutating func checkCombinations(
        _ property: ModelProperty, _ annotations: [(Annotation, AttributeSyntax)], in variable: VariableDeclSyntax
    ) {
        let names = Set(annotations.map(\.0))
        let clashes: [(Annotation, Annotation)] =
            [
                (.dateFormat, .transform), (.lossy, .transform), (.lossy, .dateFormat), (.jsonString, .lossless),
                (.jsonString, .lossy), (.jsonString, .dateFormat), (.jsonString, .transform),
            ] + Self.flattenClashes
        for (first, second) in clashes where names.contains(first) && names.contains(second) {
            guard let attribute = annotations.first(where: { $0.0 == second })?.1 else { continue }
            sink.add(
                .error(
                    "conflict\(first.rawValue)\(second.rawValue)",
                    "@\(first.rawValue) and @\(second.rawValue) cannot be combined on '\(property.name)'"),
                at: attribute,
                fixIts: [DiagnosticSink.removing(attribute, from: variable, "Remove @\(second.rawValue)")])
        }
    }

    /// Paths must form a tree: a value cannot be both a leaf and a container, or both an object
    /// and an array.
    private mutating func checkPaths(_ properties: [ModelProperty], members: MemberBlockItemListSyntax) {
        for (index, property) in properties.enumerated() {
            for earlier in properties[..<index] where earlier.path != property.path {
                let common = zip(earlier.path, property.path).prefix { $0 == $1 }.count
                let shorter = min(earlier.path.count, property.path.count)
                let clash: String?
                if common == shorter {
                    clash = "one path is inside the other's value"
                } else if case .key = earlier.path[common], case .index = property.path[common] {
                    clash = "one path reads an object where the other reads an array"
                } else if case .index = earlier.path[common], case .key = property.path[common] {
                    clash = "one path reads an array where the other reads an object"
                } else {
                    clash = nil
                }
                guard let clash else { continue }
                let node = Self.declaration(of: property.name, in: members).map(Syntax.init) ?? Syntax(members)
                sink.add(
                    .error(
                        "pathConflict",
                        "key path \"\(property.keyPathText)\" of '\(property.name)' conflicts with \"\(earlier.keyPathText)\" of '\(earlier.name)': \(clash)"
                    ),
                    at: node)
            }
        }
    }

    static func declaration(of name: String, in members: MemberBlockItemListSyntax) -> PatternBindingSyntax? {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unescapedText == name {
                return binding
            }
        }
        return nil
    }
}
