import SwiftSyntax

extension ModelCodeGenerator {
    var initializer: DeclSyntax {
        var header = access
        switch kind {
        case .openClass, .plainClass, .finalClass: header += "required "
        case .structure: break
        }
        header += "init(from decoder: any Decoder) throws"
        let decoded = properties.filter(\.decodes)
        var lines: [String] = []
        if !root.isEmpty { lines.append("let decoder = try JSONModelRuntime.decoder(decoder, at: \(rootLiteral))") }
        if decoded.isEmpty {
            if !inheritsCoding { lines.append("_ = try decoder.container(keyedBy: CodingKeys.self)") }
        } else {
            lines.append("let container = try decoder.container(keyedBy: CodingKeys.self)")
            // Nested paths go through a reader, which FastJSONDecoder serves from the JSON tree.
            if decoded.contains(where: { property in
                if property.flatten { return false }
                guard property.path.count == 1, case .key = property.path[0] else { return true }
                return false
            }) {
                lines.append("let reader = JSONModelReader(container, decoder: decoder)")
            }
            // Properties under the same key-only prefix share one nested container, opened
            // before the first of them, as a hand-written init(from:) would.
            var nested = NestedContainers(decoded, reference: caseReference)
            var body: [String] = []
            var anyThrows = false
            for (index, property) in decoded.enumerated() {
                if index > 0 { body.append("failingProperty = \(index)") }
                let parent = nested.parent(of: property, opening: &body)
                let statement = decodeStatement(property, parent: parent)
                body.append(statement.code)
                anyThrows = anyThrows || statement.throws
            }
            anyThrows = anyThrows || nested.opensStrictly
            if anyThrows {
                if decoded.count > 1 { lines.append("var failingProperty = 0") }
                lines.append("do {")
                lines += body
                lines.append("} catch {")
                let info = decoded.map {
                    "(\($0.name.swiftLiteral), \($0.errorKeyPath.swiftLiteral), \($0.typeDescription.swiftLiteral))"
                }
                if decoded.count > 1 {
                    lines.append("let properties: [(String, String, String)] = [\(info.joined(separator: ", "))]")
                    lines.append("let (property, keyPath, type) = properties[failingProperty]")
                } else {
                    lines.append("let (property, keyPath, type) = \(info[0])")
                }
                lines.append(
                    "throw JSONModelRuntime.decodingFailure(error, model: \(modelName.swiftLiteral), property: property, keyPath: keyPath, type: type, in: container)"
                )
                lines.append("}")
            } else {
                lines += body.filter { !$0.hasPrefix("failingProperty = ") }
            }
        }
        if inheritsCoding { lines.append("try super.init(from: decoder)") }
        // The hook sees the finished model, so it runs after every property (and the superclass).
        switch kind {
        case .structure:
            lines.append("try JSONModelRuntime.didDecode(&self)")
        case .finalClass, .openClass, .plainClass:
            if callsSuperInit { lines.append("super.init()") }
            lines.append("try JSONModelRuntime.didDecode(object: self)")
        }
        return "\(raw: header) {\n\(raw: lines.joined(separator: "\n"))\n}"
    }

    private enum Conversion {
        case value
        case call(String)
    }

    private func decodeStatement(_ property: ModelProperty, parent: String?) -> (code: String, throws: Bool) {
        if property.flatten {
            let target = "self.\(property.name.isPlainIdentifier ? property.name : "`\(property.name)`")"
            var expression =
                "JSONModelRuntime.decodeFlattened(\(property.shape.type.trimmedDescription).self, from: decoder)"
            for modifier in property.modifiers { expression = "JSONModelRuntime.apply(\(expression), \(modifier))" }
            for validation in property.validations {
                expression = "JSONModelRuntime.validate(\(expression), \(validation))"
            }
            return ("\(target) = try \(expression)", true)
        }
        let base =
            property.shape.isOptional ? property.shape.base.trimmedDescription : property.shape.type.trimmedDescription
        var raw = base
        var conversions: [Conversion] = []
        func scalar(_ type: String) {
            if property.lossless {
                raw = "JSONLossless<\(type)>"
                conversions.append(.value)
            } else {
                raw = type
            }
        }
        switch property.reading {
        case .plain:
            if property.jsonString {
                raw = "JSONStringEncoded<\(base)>"
                conversions.append(.value)
            } else if property.lossy {
                raw = property.lossless ? "JSONLossyLossless<\(base)>" : "JSONLossy<\(base)>"
                conversions.append(.value)
            } else {
                scalar(base)
            }
        case .date(let format, let numeric):
            scalar(numeric ? "Double" : "String")
            conversions.append(.call("\(format).date(from: \u{1})"))
        case .customDate(let coding):
            scalar("\(coding).JSONValue")
            conversions.append(.call("\(coding).date(from: \u{1})"))
        case .transform(let transformer):
            scalar("\(transformer).JSONValue")
            conversions.append(.call("\(transformer).decode(\u{1})"))
        }

        let required = !property.shape.isOptional && property.defaultValue == nil
        var expression: String
        if property.path.count == 1, case .key(let key) = property.path[0] {
            var keyReference = caseReference(key)
            // An alias that is the key itself (after a naming rule) adds nothing.
            let aliases = property.aliases.filter { $0 != key }
            if !aliases.isEmpty {
                let aliases = aliases.map(caseReference).joined(separator: ", ")
                keyReference = "JSONModelRuntime.key(\(keyReference), or: [\(aliases)], in: container)"
            }
            expression =
                "container.\(required ? "decode" : "decodeIfPresent")(\(raw).self, forKey: \(keyReference))"
        } else if let parent, case .key(let key) = property.path.last {
            let keyReference = caseReference(key)
            if required {
                // Without the parent, walk the path again: it throws the precise missing step.
                expression =
                    "(\(parent)?.decode(\(raw).self, forKey: \(keyReference)) ?? reader.decode(\(raw).self, at: [\(pathLiteral(property.path))]))"
            } else {
                expression = "\(parent)?.decodeIfPresent(\(raw).self, forKey: \(keyReference))"
            }
        } else {
            expression =
                "reader.\(required ? "decode" : "decodeIfPresent")(\(raw).self, at: [\(pathLiteral(property.path))])"
        }
        for conversion in conversions {
            switch (conversion, required) {
            case (.value, true): expression += ".value"
            case (.value, false): expression += "?.value"
            case (.call(let template), true): expression = template.replacingFirst("\u{1}", with: expression)
            case (.call(let template), false):
                expression += ".map { try \(template.replacingFirst("\u{1}", with: "$0")) }"
            }
        }
        for modifier in property.modifiers {
            expression = "JSONModelRuntime.apply(\(expression), \(modifier))"
        }
        for validation in property.validations {
            expression = "JSONModelRuntime.validate(\(expression), \(validation))"
        }
        let target = "self.\(property.name.isPlainIdentifier ? property.name : "`\(property.name)`")"
        guard let fallback = property.defaultValue else { return ("\(target) = try \(expression)", true) }
        if property.defaultOnInvalid {
            // Through the runtime rather than `try?`, so a FastJSONDecoder report learns what fell back.
            return ("\(target) = JSONModelRuntime.recovering(decoder) { try \(expression) } ?? \(fallback)", false)
        }
        return ("\(target) = try \(expression) ?? \(fallback)", true)
    }

    /// The nested containers for key-only path prefixes, opened on first use.
    private struct NestedContainers {
        private var names: [[String]: String] = [:]
        private var lenient: [[String]: Bool] = [:]
        private(set) var opensStrictly = false
        private let reference: (String) -> String

        init(_ properties: [ModelProperty], reference: @escaping (String) -> String) {
            self.reference = reference
            for property in properties {
                guard let keys = Self.keys(property.path), keys.count > 1 else { continue }
                for length in 1..<keys.count {
                    let prefix = Array(keys[..<length])
                    lenient[prefix] = (lenient[prefix] ?? true) && property.defaultOnInvalid
                }
            }
        }

        static func keys(_ path: [PathStep]) -> [String]? {
            var keys: [String] = []
            for step in path {
                guard case .key(let key) = step else { return nil }
                keys.append(key)
            }
            return keys
        }

        /// The variable holding the property's parent container, emitting the statements that open
        /// it (and its own parents) the first time.
        mutating func parent(of property: ModelProperty, opening lines: inout [String]) -> String? {
            guard let keys = Self.keys(property.path), keys.count > 1 else { return nil }
            return open(Array(keys.dropLast()), lines: &lines)
        }

        private mutating func open(_ prefix: [String], lines: inout [String]) -> String {
            if let name = names[prefix] { return name }
            let keyReference = reference(prefix[prefix.count - 1])
            let call: String
            if prefix.count == 1 {
                call = "reader.nestedIfPresent(forKey: \(keyReference))"
            } else {
                let parent = open(Array(prefix.dropLast()), lines: &lines)
                call = "\(parent)?.nestedIfPresent(forKey: \(keyReference))"
            }
            let name = "nested\(names.count + 1)"
            names[prefix] = name
            if lenient[prefix] ?? false {
                // A parent that only lenient properties read may be invalid: they fall back, and the
                // report (if any) learns why.
                lines.append("let \(name) = JSONModelRuntime.recovering(decoder) { try \(call) }")
            } else {
                opensStrictly = true
                lines.append("let \(name) = try \(call)")
            }
            return name
        }
    }

    private func pathLiteral(_ path: [PathStep]) -> String {
        path.map { step in
            switch step {
            case .key(let key): ".key(\(caseReference(key)))"
            case .index(let index): ".index(\(index))"
            }
        }.joined(separator: ", ")
    }
}
