/// One step of a `@Key` path, as the macro reads it from the attribute.
enum PathStep: Hashable {
    case key(String)
    case index(Int)
}

/// `@Key` text parsing, with the same rules as `JSONKeyPath`: strings split on `.`, each part a
/// key optionally followed by `[n]` groups; brackets that do not hold a plain number stay in the key.
enum KeyPathSpelling {
    static func parse(_ text: String) -> [PathStep] {
        guard !text.isEmpty else { return [] }
        var steps: [PathStep] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            steps += parsePart(part)
        }
        return steps
    }

    private static func parsePart(_ part: Substring) -> [PathStep] {
        var indices: [PathStep] = []
        var rest = part
        while rest.hasSuffix("]"), let open = rest.lastIndex(of: "[") {
            let digits = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits) else {
                break
            }
            indices.insert(.index(index), at: 0)
            rest = rest[..<open]
        }
        if rest.isEmpty && !indices.isEmpty { return indices }
        return [.key(String(rest))] + indices
    }

    /// `a.b[0].c`, the form errors print and `JSONKeyPath` parses back.
    static func describe(_ steps: [PathStep]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// Checks Unicode (TR35) date patterns, as `DateFormatter` reads them.
enum DatePatternCheck {
    /// Pattern letters with a meaning.
    static let fieldLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")

    /// The unknown letters of `pattern` (outside quotes), with their offsets in characters.
    static func unknownLetters(in pattern: String) -> [(offset: Int, letter: Character)] {
        var unknown: [(Int, Character)] = []
        var quoted = false
        for (offset, character) in pattern.enumerated() {
            if character == "'" {
                quoted.toggle()
                continue
            }
            guard !quoted, character.isASCII, character.isLetter else { continue }
            if !fieldLetters.contains(character) { unknown.append((offset, character)) }
        }
        return unknown
    }

    /// `pattern` with every run of unknown letters quoted as literal text.
    static func quotingUnknownLetters(in pattern: String) -> String {
        let unknownOffsets = Set(unknownLetters(in: pattern).map(\.offset))
        var text = ""
        var inRun = false
        for (offset, character) in pattern.enumerated() {
            let isUnknown = unknownOffsets.contains(offset)
            if isUnknown && !inRun { text += "'" }
            if !isUnknown && inRun { text += "'" }
            inRun = isUnknown
            text.append(character)
        }
        if inRun { text += "'" }
        return text
    }
}
