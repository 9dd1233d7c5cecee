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

    func caseReference(_ key: String) -> String {
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
}
