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
