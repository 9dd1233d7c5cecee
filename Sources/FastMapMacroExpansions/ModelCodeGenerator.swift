import SwiftSyntax

/// Writes `CodingKeys`, `init(from:)` and `encode(to:)` for a struct or class.
struct ModelCodeGenerator: CodingGenerator {
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
    /// `@JSONModel(root:)`: the object keys from the JSON's top to the model's object.
    let root: [String]
    /// A class with a superclass that is not `Codable`: `super.init()` must run before the
    /// `didDecode` hook may use `self`.
    let callsSuperInit: Bool
    private(set) var caseNames: [String: String] = [:]
    private var caseOrder: [String] = []

    init(
        modelName: String, properties: [ModelProperty], access: String, kind: Kind, inheritsCoding: Bool,
        root: [String] = [], callsSuperInit: Bool = false
    ) {
        self.modelName = modelName
        self.properties = properties
        self.access = access
        self.kind = kind
        self.inheritsCoding = inheritsCoding
        self.root = root
        self.callsSuperInit = callsSuperInit
        assignCaseNames()
    }

    private mutating func assignCaseNames() {
        var used: Set<String> = []
        for property in properties where !property.flatten {
            guard property.path.count == 1, case .key(let key) = property.path[0], caseNames[key] == nil,
                !used.contains(property.name)
            else { continue }
            caseNames[key] = property.name
            caseOrder.append(key)
            used.insert(property.name)
        }
        var counter = 0
        for property in properties where !property.flatten {
            let keys = property.path + property.aliases.map(PathStep.key) + (property.encodePath ?? [])
            for case .key(let key) in keys where caseNames[key] == nil {
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

    func caseReference(_ key: String) -> String {
        let name = caseNames[key] ?? key
        return name.isPlainIdentifier ? ".\(name)" : ".`\(name)`"
    }

    // MARK: CodingKeys

    /// `["data", "user"]` for `root`.
    var rootLiteral: String { "[" + root.map(\.swiftLiteral).joined(separator: ", ") + "]" }

    var codingKeys: DeclSyntax {
        guard !caseOrder.isEmpty else { return "enum CodingKeys: CodingKey {}" }
        let cases = caseOrder.map { key -> String in
            let name = caseNames[key] ?? key
            let spelled = name.isPlainIdentifier ? name : "`\(name)`"
            return name == key ? "case \(spelled)" : "case \(spelled) = \(key.swiftLiteral)"
        }
        return "enum CodingKeys: String, CodingKey {\n\(raw: cases.joined(separator: "\n"))\n}"
    }
}
