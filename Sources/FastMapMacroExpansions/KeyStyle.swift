/// `@JSONModel(keys:)`: the naming rules, applied at expansion time so the generated
/// `CodingKeys` hold the final JSON keys and decoding does no conversion.
enum KeyStyle: String {
    case snakeCase
    case kebabCase
    case camelCase
    case pascalCase
    case screamingSnakeCase

    /// The JSON key for the property `name`.
    func key(for name: String) -> String {
        let words = Self.words(name)
        guard !words.isEmpty else { return name }
        switch self {
        case .snakeCase: return words.map { $0.lowercased() }.joined(separator: "_")
        case .kebabCase: return words.map { $0.lowercased() }.joined(separator: "-")
        case .screamingSnakeCase: return words.map { $0.uppercased() }.joined(separator: "_")
        case .pascalCase: return words.map(Self.capitalized).joined()
        case .camelCase: return words[0].lowercased() + words.dropFirst().map(Self.capitalized).joined()
        }
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }

    /// `userURLString` → `user`, `URL`, `String`; `user_id2` → `user`, `id2`. Digits stay with the
    /// word before them.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A new word starts at lower→Upper, or at the last capital of an acronym followed
                // by a lowercase letter (URLString → URL, String).
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
