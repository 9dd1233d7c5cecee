import SwiftSyntax

extension ModelCodeGenerator {
    /// `init(from:)`. For a struct or final class it only chooses between the two routes below:
    /// FastJSONDecoder's document (see `JSONObjectReader`), or any other decoder's keyed
    /// containers.
    var initializer: DeclSyntax {
        guard readsDocument else { return decodingInitializer(.codable) }
        // A class hands over to another initializer from a convenience one.
        let header = access + (kind == .finalClass ? "required convenience " : "")
        return """
            \(raw: header)init(from decoder: any Decoder) throws {
            if let document = JSONObjectReader(decoder) {
            try self.init(document: document)
            } else {
            try self.init(coding: decoder)
            }
            }
            """
    }

    /// For a struct or final class: `init(document:)`, which reads FastMap's document without
    /// the `Decoder` protocol, and `init(coding:)`, the `Codable` route.
    var routeInitializers: [DeclSyntax] {
        guard readsDocument else { return [] }
        return [decodingInitializer(.document), decodingInitializer(.codable), objectReader]
    }

    /// Whether the type conforms to `JSONObjectDecodable`: the types that read the document,
    /// whose `readJSONObject(_:)` is the witness, and every other class, whose conformance reads
    /// through `init(from:)` (see `isObjectEncodable`).
    var isObjectDecodable: Bool { readsDocument || kind != .structure }

    /// The type's `JSONObjectDecodable` witness: a model holding this one hands it its reader.
    private var objectReader: DeclSyntax {
        """
        \(raw: access)static func readJSONObject(_ reader: JSONObjectReader) throws -> Self {
        try Self(document: reader)
        }
        """
    }

    /// Whether `init(from:)` chooses a route: structs, and final classes whose superclass (if
    /// any) is not `Codable`. Another class's `init(from:)` must stay a designated initializer:
    /// subclasses override it and call it, and a superclass's `init(from:)` runs inside it.
    var readsDocument: Bool {
        switch kind {
        case .structure: true
        case .finalClass: !inheritsCoding
        case .openClass, .plainClass: false
        }
    }

    /// What the two initializers differ in: the Codable one reads keyed containers by coding key;
    /// the document one reads a `JSONObjectReader` by key spelled as text.
    enum Route {
        case codable
        case document

        var isDocument: Bool { self == .document }
        /// The value `@Default(onInvalid:)` recovers through (it reports to a decoding report).
        var recovery: String { isDocument ? "container" : "decoder" }
        /// The variable nested paths are read from.
        var pathReader: String { isDocument ? "container" : "reader" }
    }

    /// How `route` names the member `key`: a `CodingKeys` case, or the key's text.
    func keyReference(_ key: String, _ route: Route) -> String {
        route.isDocument ? key.swiftLiteral : caseReference(key)
    }

    private func decodingInitializer(_ route: Route) -> DeclSyntax {
        var header: String
        if readsDocument {
            // The routes are init(from:)'s helpers: private, with its isolation.
            header = "private " + (access.hasSuffix("nonisolated ") ? "nonisolated " : "")
            header +=
                route.isDocument
                ? "init(document: JSONObjectReader) throws" : "init(coding decoder: any Decoder) throws"
        } else {
            header = access
            switch kind {
            case .openClass, .plainClass, .finalClass: header += "required "
            case .structure: break
            }
            header += "init(from decoder: any Decoder) throws"
        }
        let decoded = properties.filter(\.decodes)
        var lines: [String] = []
        if route.isDocument {
            // FastJSONDecoder checked that the value is an object before calling.
            let keys = root.map(\.swiftLiteral).joined(separator: ", ")
            if !root.isEmpty {
                // With nothing to read, the root is still checked, as the Codable route does.
                let binding = decoded.isEmpty ? "_" : "let container"
                lines.append("\(binding) = try document.descending(into: [\(keys)])")
            } else if !decoded.isEmpty {
                lines.append("let container = document")
            }
        } else if !root.isEmpty {
            lines.append("let decoder = try JSONModelRuntime.decoder(decoder, at: \(rootLiteral))")
        }
        if decoded.isEmpty {
            if !inheritsCoding && !route.isDocument {
                lines.append("_ = try decoder.container(keyedBy: CodingKeys.self)")
            }
        } else {
            if !route.isDocument { lines.append("let container = try decoder.container(keyedBy: CodingKeys.self)") }
            // Nested paths go through a reader, which FastJSONDecoder serves from the JSON tree.
            if !route.isDocument
                && decoded.contains(where: { property in
                    if property.flatten { return false }
                    guard property.path.count == 1, case .key = property.path[0] else { return true }
                    return false
                })
            {
                lines.append("let reader = JSONModelReader(container, decoder: decoder)")
            }
            // Properties under the same key-only prefix share one nested container, opened
            // before the first of them, as a hand-written init(from:) would.
            var nested = NestedContainers(decoded, route: route) { keyReference($0, route) }
            var body: [String] = []
            var anyThrows = false
            for (index, property) in decoded.enumerated() {
                if index > 0 { body.append("failingProperty = \(index)") }
                let parent = nested.parent(of: property, opening: &body)
                let statement = decodeStatement(property, parent: parent, route: route)
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
        if inheritsCoding && !route.isDocument { lines.append("try super.init(from: decoder)") }
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

    private func decodeStatement(_ property: ModelProperty, parent: String?, route: Route) -> (
        code: String, throws: Bool
    ) {
        if property.flatten {
            let target = "self.\(property.name.isPlainIdentifier ? property.name : "`\(property.name)`")"
            let type = property.shape.type.trimmedDescription
            var expression =
                route.isDocument
                ? "container.decodeFlattened(\(type).self)"
                : "JSONModelRuntime.decodeFlattened(\(type).self, from: decoder)"
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
            var keyReference = keyReference(key, route)
            // An alias that is the key itself (after a naming rule) adds nothing.
            let aliases = property.aliases.filter { $0 != key }
            if !aliases.isEmpty {
                let aliases = aliases.map { self.keyReference($0, route) }.joined(separator: ", ")
                keyReference = "JSONModelRuntime.key(\(keyReference), or: [\(aliases)], in: container)"
            }
            expression =
                "container.\(required ? "decode" : "decodeIfPresent")(\(raw).self, forKey: \(keyReference))"
        } else if let parent, case .key(let key) = property.path.last {
            let keyReference = keyReference(key, route)
            if required {
                // Without the parent, walk the path again: it throws the precise missing step.
                expression =
                    "(\(parent)?.decode(\(raw).self, forKey: \(keyReference)) ?? \(route.pathReader).decode(\(raw).self, at: [\(pathLiteral(property.path, route))]))"
            } else {
                expression = "\(parent)?.decodeIfPresent(\(raw).self, forKey: \(keyReference))"
            }
        } else {
            expression =
                "\(route.pathReader).\(required ? "decode" : "decodeIfPresent")(\(raw).self, at: [\(pathLiteral(property.path, route))])"
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
            return (
                "\(target) = JSONModelRuntime.recovering(\(route.recovery)) { try \(expression) } ?? \(fallback)", false
            )
        }
        return ("\(target) = try \(expression) ?? \(fallback)", true)
    }

    /// The nested containers for key-only path prefixes, opened on first use.
    private struct NestedContainers {
        private var names: [[String]: String] = [:]
        private var lenient: [[String]: Bool] = [:]
        private(set) var opensStrictly = false
        private let reference: (String) -> String
        private let route: Route

        init(_ properties: [ModelProperty], route: Route, reference: @escaping (String) -> String) {
            self.reference = reference
            self.route = route
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
                call = "\(route.pathReader).nestedIfPresent(forKey: \(keyReference))"
            } else {
                let parent = open(Array(prefix.dropLast()), lines: &lines)
                call = "\(parent)?.nestedIfPresent(forKey: \(keyReference))"
            }
            let name = "nested\(names.count + 1)"
            names[prefix] = name
            if lenient[prefix] ?? false {
                // A parent that only lenient properties read may be invalid: they fall back, and the
                // report (if any) learns why.
                lines.append("let \(name) = JSONModelRuntime.recovering(\(route.recovery)) { try \(call) }")
            } else {
                opensStrictly = true
                lines.append("let \(name) = try \(call)")
            }
            return name
        }
    }

    private func pathLiteral(_ path: [PathStep], _ route: Route) -> String {
        path.map { step in
            switch step {
            case .key(let key): ".key(\(keyReference(key, route)))"
            case .index(let index): ".index(\(index))"
            }
        }.joined(separator: ", ")
    }
}
