/// One step of a key path: an object member or an array element.
public enum KeyPathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// The one key-path grammar FastMap has, shared by the runtime (`JSONKeyPath`) and the
/// `@JSONModel` macro (`@Key("a.b[0]")`), so a path reads and prints the same in both.
///
/// Text splits on `.`; each part is a key optionally followed by `[n]` groups. A part that starts
/// with `[` is only indices (`"[1].ID"`). Brackets that do not hold a plain non-negative decimal
/// number stay part of the key.
public enum KeyPathGrammar {
    /// The steps `text` spells; the empty text is the root (no steps).
    public static func parse(_ text: String) -> [KeyPathStep] {
        guard !text.isEmpty else { return [] }
        // Most paths are one plain key (`json => "name"`): skip the splitting.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "]") }) { return [.key(text)] }
        var steps: [KeyPathStep] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            steps += parsePart(part)
        }
        return steps
    }

    private static func parsePart(_ part: Substring) -> [KeyPathStep] {
        var indices: [KeyPathStep] = []
        var rest = part
        while rest.hasSuffix("]"), let open = rest.lastIndex(of: "[") {
            let digits = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits)
            else { break }
            indices.insert(.index(index), at: 0)
            rest = rest[..<open]
        }
        if rest.isEmpty && !indices.isEmpty { return indices }
        return [.key(String(rest))] + indices
    }

    /// `a.b[0].c`: the text ``parse(_:)`` reads back. Every key after the first step gets its
    /// dot, even an empty one: `["", "b"]` prints `.b`.
    public static func describe(_ steps: [KeyPathStep]) -> String {
        var text = ""
        for (position, step) in steps.enumerated() {
            switch step {
            case .key(let key):
                if position > 0 { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
