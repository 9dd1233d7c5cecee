import SwiftSyntax

extension ModelCodeGenerator {
    /// `encode(to:)`. For a struct or final class writing one plain object it chooses between
    /// the two routes below: FastJSONEncoder's output (see `JSONObjectWriter`), or any other
    /// encoder's keyed containers; each runs the `willEncode` hook.
    var encoder: DeclSyntax {
        guard writesDirectly else { return encodingMethod(.codable) }
        return """
            \(raw: access)func encode(to encoder: any Encoder) throws {
            if let writer = JSONObjectWriter(encoder, keyedBy: CodingKeys.self) {
            try encode(writer: writer)
            } else {
            try JSONModelRuntime.willEncode(self)
            try encode(coding: encoder)
            }
            }
            """
    }

    /// For the types `encoder` chooses a route for: `encode(writer:)`, which writes
    /// FastJSONEncoder's output without the `Encoder` protocol (the type's `JSONObjectEncodable`
    /// witness, which a model holding this one calls directly), and `encode(coding:)`, the
    /// `Codable` route.
    var encodingRoutes: [DeclSyntax] {
        guard writesDirectly else { return [] }
        return [encodingMethod(.document), encodingMethod(.codable)]
    }

    /// Whether `encode(to:)` chooses a route: the types whose `init(from:)` does, unless their
    /// object is below a root path (whose steps the `Codable` route writes through a
    /// `superEncoder`, which shows in coding paths).
    var writesDirectly: Bool { readsDocument && root.isEmpty }

    /// Whether the type conforms to `JSONObjectEncodable`: the types that write directly, whose
    /// `encode(writer:)` is the witness, and every other class, whose conformance writes through
    /// `encode(to:)`, so that its subclasses (which inherit the conformance) keep theirs. (A
    /// subclass of a class without it, asked to add it, crashes Swift 6.3's conformance lookup.)
    var isObjectEncodable: Bool { writesDirectly || kind != .structure }

    private func encodingMethod(_ route: Route) -> DeclSyntax {
        var header: String
        var lines: [String] = []
        if writesDirectly && route.isDocument {
            // The protocol's witness: as visible as the type, with encode(to:)'s isolation.
            header = access + "func encode(writer: JSONObjectWriter) throws"
            lines.append("try JSONModelRuntime.willEncode(self)")
        } else if writesDirectly {
            // encode(to:)'s helper: private, with its isolation.
            header = "private " + (access.hasSuffix("nonisolated ") ? "nonisolated " : "")
            header += "func encode(coding encoder: any Encoder) throws"
        } else {
            switch kind {
            case .openClass: header = access == "public " ? "open " : access
            default: header = access
            }
            if inheritsCoding { header += "override " }
            header += "func encode(to encoder: any Encoder) throws"
            lines.append("try JSONModelRuntime.willEncode(self)")
        }
        if !root.isEmpty { lines.append("let encoder = JSONModelRuntime.encoder(encoder, at: \(rootLiteral))") }
        if inheritsCoding { lines.append("try super.encode(to: encoder)") }
        let tree = EncodeTree(properties)
        if route.isDocument {
            // The writer has opened the object.
            if !tree.root.children.isEmpty {
                // EncodeTree writes each key once; a flattened value may write any.
                let flattens = properties.contains { $0.flatten && $0.encodes }
                lines.append(flattens ? "let container = writer" : "let container = writer.promisingDistinctKeys()")
                var counter = 0
                emitObject(tree.root, into: "container", route: route, lines: &lines, counter: &counter)
            }
        } else if tree.root.children.isEmpty {
            if !inheritsCoding { lines.append("_ = encoder.container(keyedBy: CodingKeys.self)") }
        } else {
            lines.append("var container = encoder.container(keyedBy: CodingKeys.self)")
            var counter = 0
            emitObject(tree.root, into: "container", route: route, lines: &lines, counter: &counter)
        }
        for property in properties where property.flatten && property.encodes {
            let value = "self.\(property.name.isPlainIdentifier ? property.name : "`\(property.name)`")"
            lines.append(route.isDocument ? "try writer.encodeFlattened(\(value))" : "try \(value).encode(to: encoder)")
        }
        return "\(raw: header) {\n\(raw: lines.joined(separator: "\n"))\n}"
    }

    /// Writes the members of `node` into `container`: a `JSONObjectWriter` on the document
    /// route, which names keys by their text, or a keyed container.
    private func emitObject(
        _ node: EncodeTree.Node, into container: String, route: Route, lines: inout [String], counter: inout Int
    ) {
        for child in node.children {
            guard case .key(let key) = child.step else { continue }
            let keyReference = keyReference(key, route)
            if let leaf = child.leaf {
                let property = properties[leaf]
                let value = encodedValue(property)
                let method = property.shape.isOptional && !property.encodeNil ? "encodeIfPresent" : "encode"
                lines.append("try \(container).\(method)(\(value), forKey: \(keyReference))")
            } else {
                emitNested(child, in: container, forKey: keyReference, route: route, lines: &lines, counter: &counter)
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
            } else {
                emitNested(child, in: container, forKey: nil, route: .codable, lines: &lines, counter: &counter)
            }
        }
    }

    /// Opens the container `node` needs (unkeyed for an array, keyed otherwise) in `container`,
    /// under `key` or as the next element when `key` is nil, and writes `node` into it. On the
    /// document route a nested object under a key is another `JSONObjectWriter`.
    private func emitNested(
        _ node: EncodeTree.Node, in container: String, forKey key: String?, route: Route, lines: inout [String],
        counter: inout Int
    ) {
        counter += 1
        let nested = "nested\(counter)"
        let keyArgument = key.map { "forKey: \($0)" }
        if node.isArray {
            lines.append("var \(nested) = \(container).nestedUnkeyedContainer(\(keyArgument ?? ""))")
            emitArray(node, into: nested, lines: &lines, counter: &counter)
        } else if route.isDocument, let keyArgument {
            lines.append("let \(nested) = \(container).nestedContainer(\(keyArgument))")
            emitObject(node, into: nested, route: route, lines: &lines, counter: &counter)
        } else {
            let arguments = ["keyedBy: CodingKeys.self", keyArgument].compactMap { $0 }.joined(separator: ", ")
            lines.append("var \(nested) = \(container).nestedContainer(\(arguments))")
            emitObject(node, into: nested, route: .codable, lines: &lines, counter: &counter)
        }
    }

    private func encodedValue(_ property: ModelProperty) -> String {
        let value = "self.\(property.name.isPlainIdentifier ? property.name : "`\(property.name)`")"
        let template: String
        switch property.reading {
        case .plain where property.jsonString:
            return property.shape.isOptional ? "\(value).map(JSONStringEncoded.init)" : "JSONStringEncoded(\(value))"
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
