import SwiftSyntax

/// Writes `CodingKeys`, `init(from:)` and `encode(to:)` for a struct or class.
struct ModelCodeGenerator {
    enum Kind {
        case structure
        case finalClass
        case openClass
        case plainClass
    }

    let modelName: String
    let properties: [ModelProperty]
    /// `public `, `package ` or empty.
    let access: String
    let kind: Kind
    let inheritsCoding: Bool
    private(set) var caseNames: [String: String] = [:]
    private var caseOrder: [String] = []

    init(modelName: String, properties: [ModelProperty], access: String, kind: Kind, inheritsCoding: Bool) {
        self.modelName = modelName
        self.properties = properties
        self.access = access
        self.kind = kind
        self.inheritsCoding = inheritsCoding
        assignCaseNames()
    }

    private mutating func assignCaseNames() {
        var used: Set<String> = []
        for property in properties {
            guard property.path.count == 1, case .key(let key) = property.path[0], caseNames[key] == nil,
                !used.contains(property.name)
            else { continue }
            caseNames[key] = property.name
            caseOrder.append(key)
            used.insert(property.name)
        }
        var counter = 0
        for property in properties {
            for case .key(let key) in property.path where caseNames[key] == nil {
                var name = key.isPlainIdentifier && !used.contains(key) ? key : ""
                while name.isEmpty || used.contains(name) {
                    counter += 1
                    name = "key\(counter)"
                }
                caseNames[key] = name
                caseOrder.append(key)
                used.insert(name)
            }
        }
    }

    private func caseReference(_ key: String) -> String {
        let name = caseNames[key] ?? key
        return name.isPlainIdentifier ? ".\(name)" : ".`\(name)`"
    }

    // MARK: CodingKeys

    var codingKeys: DeclSyntax {
        guard !caseOrder.isEmpty else { return "enum CodingKeys: CodingKey {}" }
        let cases = caseOrder.map { key -> String in
            let name = caseNames[key] ?? key
            let spelled = name.isPlainIdentifier ? name : "`\(name)`"
            return name == key ? "case \(spelled)" : "case \(spelled) = \(key.swiftLiteral)"
        }
        return "enum CodingKeys: String, CodingKey {\n\(raw: cases.joined(separator: "\n"))\n}"
    }

    // MARK: Decoding

    var initializer: DeclSyntax {
        var header = access
        switch kind {
        case .openClass, .plainClass, .finalClass: header += "required "
        case .structure: break
        }
        header += "init(from decoder: any Decoder) throws"
        let decoded = properties.filter(\.decodes)
        var lines: [String] = []
        if decoded.isEmpty {
            if !inheritsCoding { lines.append("_ = try decoder.container(keyedBy: CodingKeys.self)") }
        } else {
            lines.append("let container = try decoder.container(keyedBy: CodingKeys.self)")
            // Nested paths go through a reader, which FastJSONDecoder serves from the JSON tree.
            if decoded.contains(where: { property in
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
                    "(\($0.name.swiftLiteral), \($0.keyPathText.swiftLiteral), \($0.typeDescription.swiftLiteral))"
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
        return "\(raw: header) {\n\(raw: lines.joined(separator: "\n"))\n}"
    }

    private enum Conversion {
        case value
        case call(String)
    }

    private func decodeStatement(_ property: ModelProperty, parent: String?) -> (code: String, throws: Bool) {
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
            if property.lossy {
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
            expression =
                "container.\(required ? "decode" : "decodeIfPresent")(\(raw).self, forKey: \(caseReference(key)))"
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
        if property.defaultOnInvalid { return ("\(target) = (try? \(expression)) ?? \(fallback)", false) }
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
                lines.append("let \(name) = try? \(call)")
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

    // MARK: Encoding

    var encoder: DeclSyntax {
        var header = ""
        switch kind {
        case .openClass: header = access == "public " ? "open " : access
        default: header = access
        }
        if inheritsCoding { header += "override " }
        header += "func encode(to encoder: any Encoder) throws"
        var lines: [String] = []
        if inheritsCoding { lines.append("try super.encode(to: encoder)") }
        let tree = EncodeTree(properties)
        if tree.root.children.isEmpty {
            if !inheritsCoding { lines.append("_ = encoder.container(keyedBy: CodingKeys.self)") }
        } else {
            lines.append("var container = encoder.container(keyedBy: CodingKeys.self)")
            var counter = 0
            emitObject(tree.root, into: "container", lines: &lines, counter: &counter)
        }
        return "\(raw: header) {\n\(raw: lines.joined(separator: "\n"))\n}"
    }

    private func emitObject(_ node: EncodeTree.Node, into container: String, lines: inout [String], counter: inout Int)
    {
        for child in node.children {
            guard case .key(let key) = child.step else { continue }
            let keyReference = caseReference(key)
            if let leaf = child.leaf {
                let property = properties[leaf]
                let value = encodedValue(property)
                let method = property.shape.isOptional && !property.encodeNil ? "encodeIfPresent" : "encode"
                lines.append("try \(container).\(method)(\(value), forKey: \(keyReference))")
            } else if child.isArray {
                counter += 1
                let nested = "nested\(counter)"
                lines.append("var \(nested) = \(container).nestedUnkeyedContainer(forKey: \(keyReference))")
                emitArray(child, into: nested, lines: &lines, counter: &counter)
            } else {
                counter += 1
                let nested = "nested\(counter)"
                lines.append(
                    "var \(nested) = \(container).nestedContainer(keyedBy: CodingKeys.self, forKey: \(keyReference))")
                emitObject(child, into: nested, lines: &lines, counter: &counter)
            }
        }
    }

    private func emitArray(_ node: EncodeTree.Node, into container: String, lines: inout [String], counter: inout Int) {
        var next = 0
        let elements = node.children.compactMap { child -> (Int, EncodeTree.Node)? in
            guard case .index(let index) = child.step else { return nil }
            return (index, child)
        }.sorted { $0.0 < $1.0 }
        for (index, child) in elements {
            while next < index {
                lines.append("try \(container).encodeNil()")
                next += 1
            }
            next = index + 1
            if let leaf = child.leaf {
                lines.append("try \(container).encode(\(encodedValue(properties[leaf])))")
            } else if child.isArray {
                counter += 1
                let nested = "nested\(counter)"
                lines.append("var \(nested) = \(container).nestedUnkeyedContainer()")
                emitArray(child, into: nested, lines: &lines, counter: &counter)
            } else {
                counter += 1
                let nested = "nested\(counter)"
                lines.append("var \(nested) = \(container).nestedContainer(keyedBy: CodingKeys.self)")
                emitObject(child, into: nested, lines: &lines, counter: &counter)
            }
        }
    }

    private func encodedValue(_ property: ModelProperty) -> String {
        let value = "self.\(property.name.isPlainIdentifier ? property.name : "`\(property.name)`")"
        let template: String
        switch property.reading {
        case .plain: return value
        case .date(let format, let numeric):
            template = numeric ? "\(format).number(from: \u{1})" : "\(format).string(from: \u{1})"
        case .customDate(let coding): template = "try \(coding).jsonValue(for: \u{1})"
        case .transform(let transformer): template = "try \(transformer).encode(\u{1})"
        }
        if property.shape.isOptional { return "\(value).map { \(template.replacingFirst("\u{1}", with: "$0")) }" }
        return template.replacingFirst("\u{1}", with: value)
    }
}

/// The properties' key paths as a tree, so each nested container is created once when encoding.
struct EncodeTree {
    final class Node {
        let step: PathStep?
        var children: [Node] = []
        var leaf: Int?

        init(step: PathStep?) {
            self.step = step
        }

        var isArray: Bool {
            if case .index? = children.first?.step { return true }
            return false
        }
    }

    let root = Node(step: nil)

    init(_ properties: [ModelProperty]) {
        for (index, property) in properties.enumerated() {
            var node = root
            for step in property.path {
                if let existing = node.children.first(where: { $0.step == step }) {
                    node = existing
                } else {
                    let child = Node(step: step)
                    node.children.append(child)
                    node = child
                }
            }
            // The first property with a path writes it; later readers of the same key do not.
            if node.leaf == nil && node.children.isEmpty { node.leaf = index }
        }
    }
}

extension String {
    /// `self` with the first `target` replaced.
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
