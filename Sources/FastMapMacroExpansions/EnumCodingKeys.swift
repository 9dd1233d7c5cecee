import SwiftSyntax

/// The `CodingKeys` of an enum's generated coding: each JSON key once, in the order first met,
/// named by itself when it is a plain identifier and `keyN` (then `_` until unique) otherwise.
/// Shared by ``EnumCodeGenerator`` and ``TaggedEnumCodeGenerator``.
struct EnumCodingKeys {
    private var names: [String: String] = [:]
    private var order: [String] = []

    /// Adds `key` unless it is there already.
    mutating func add(_ key: String) {
        guard names[key] == nil else { return }
        var name = key.isPlainIdentifier ? key : "key\(order.count)"
        while names.values.contains(name) { name += "_" }
        names[key] = name
        order.append(key)
    }

    /// `key`'s case as an expression (`.id`, `.key0`).
    func reference(_ key: String) -> String { ".\(names[key] ?? key)" }

    /// The `CodingKeys` enum; one without cases when no key was added.
    var declaration: DeclSyntax {
        guard !order.isEmpty else { return "enum CodingKeys: CodingKey {}" }
        let cases = order.map { key -> String in
            let name = names[key] ?? key
            return name == key ? "case \(name)" : "case \(name) = \(key.swiftLiteral)"
        }
        return "enum CodingKeys: String, CodingKey {\n\(raw: cases.joined(separator: "\n"))\n}"
    }
}

/// What a generator writes for `@JSONModel`: the keys, `init(from:)` and `encode(to:)`.
protocol CodingGenerator {
    var codingKeys: DeclSyntax { get }
    var initializer: DeclSyntax { get }
    /// Initializers `initializer` hands over to, for the types whose decoding takes two routes.
    var routeInitializers: [DeclSyntax] { get }
    var encoder: DeclSyntax { get }
    /// Methods `encoder` hands over to, for the types whose encoding takes two routes.
    var encodingRoutes: [DeclSyntax] { get }
    /// Whether the type conforms to `JSONObjectEncodable`, and to `JSONObjectDecodable`.
    var isObjectEncodable: Bool { get }
    var isObjectDecodable: Bool { get }
}

extension CodingGenerator {
    var routeInitializers: [DeclSyntax] { [] }
    var encodingRoutes: [DeclSyntax] { [] }
    var isObjectEncodable: Bool { false }
    var isObjectDecodable: Bool { false }
}

extension JSONModelMacro.Plan {
    /// The generator's declarations, keys first.
    init(_ generator: some CodingGenerator) {
        self.init(
            declarations: [generator.codingKeys, generator.initializer] + generator.routeInitializers
                + [generator.encoder] + generator.encodingRoutes, isObjectEncodable: generator.isObjectEncodable,
            isObjectDecodable: generator.isObjectDecodable)
    }
}
