/// The input of one `decode` call and, once built, its ``NumberTextIndex``. Every decoder of the
/// call shares it; the input is dropped when the call returns, so a decoder that escapes into a
/// model (a stored `superDecoder()`) can never read freed memory.
package final class NumberTextSource {
    // Unchecked exclusivity: a source serves the decoders of one call, on one thread at a
    // time, and none of its methods calls out while changing it. A streaming loop restarts it
    // twice per element, where the dynamic checks were 0.8% of the decode.
    @exclusivity(unchecked) private var input: JSONInput?
    @exclusivity(unchecked) private var index: NumberTextIndex?
    /// The index is keyed by node address: holding the document keeps every indexed node
    /// alive (and the tree is never mutated) for as long as the index can be asked.
    @exclusivity(unchecked) private var document: JSONDocument
    private var root: JSONNode { document.root }

    package init(input: JSONInput?, document: JSONDocument) {
        self.input = input
        self.document = document
    }

    /// Whether some real of the document may have a text its double does not tell, which only
    /// the input can give: false when the parser saw that none has, and nothing needs the
    /// input walked (a document with zeros in it used to be walked whole for the first zero).
    package var mayHoldInexactReals: Bool { !document.realsAreExact }

    package func text(of node: JSONNode) -> String? {
        if index == nil {
            guard mayHoldInexactReals else { return nil }
            if let input {
                index = NumberTextIndex(input: input.bytes, root: root)
            } else if let kept = document.keptRealTexts {
                // A streamed element: its tokenizer kept the texts (there is no input).
                index = NumberTextIndex(kept: kept)
            } else {
                return nil
            }
        }
        return index?.texts[node.identity]
    }

    /// Set when a `superDecoder()` shares this source: it may outlive the `decode` call.
    @exclusivity(unchecked) package var isShared = false

    /// Points a source nobody shares at the next document and its input (none for a streamed
    /// element, whose tokenizer kept the texts), forgetting the last one's index.
    package func restart(input: JSONInput? = nil, document: JSONDocument) {
        precondition(!isShared, "a shared number text source outlives its decode call")
        self.document = document
        self.input = input
        index = nil
    }

    /// Forgets the input, first building the index when someone may still ask for it.
    package func endOfInput(keepingTexts: Bool) {
        if keepingTexts, index == nil, mayHoldInexactReals, let input {
            index = NumberTextIndex(input: input.bytes, root: root)
        }
        input = nil
    }
}

/// The original text of the real numbers whose stored double does not tell their exact value:
/// more than 15 significant digits (`3.14159265358979323846`, `0.30000000000000001`), zeros
/// written with non-zero digits, an exponent or many digits (`1e-400`, `0e-200`, `0.000…0`), or
/// magnitudes near the ends of `Decimal`'s range (where `8.70e-127` fails and `8.7e-127` does not). Every other real's exact
/// value is the shortest text of its double, so `Decimal`, large integers and underflow checks
/// can read it without the input.
///
/// The tree does not keep the text, so this walks the input and the tree side by side once,
/// the first time a `decode` call needs it (a `Decimal`, a huge integer written with a fraction
/// or exponent, a zero `Double`); most decodes never build it.
package struct NumberTextIndex {
    private(set) var texts: [JSONNode.ID: String] = [:]

    init(input: UnsafeRawBufferPointer, root: JSONNode) {
        var scanner = Scanner(bytes: input.bindMemory(to: UInt8.self))
        scanner.scan(root) { node, text in add(node, text) }
    }

    /// The index of a streamed element, from the texts its tokenizer kept.
    package init(kept: KeptRealTexts) {
        kept.forEach { node, text in add(node, text) }
    }

    private mutating func add(_ node: JSONNode, _ text: UnsafeBufferPointer<UInt8>) {
        guard node.isReal, Self.isExceptional(text, value: node.realValue) else { return }
        // The walk matches text to nodes by key; checking the value guards against ever
        // pairing a node with someone else's digits.
        let string = String(decoding: text, as: UTF8.self)
        guard let parsed = Double(string), parsed.bitPattern == node.realValue.bitPattern else { return }
        texts[node.identity] = string
    }

    static func isExceptional(_ text: UnsafeBufferPointer<UInt8>, value: Double) -> Bool {
        var significant = 0
        for byte in text {
            if byte | 0x20 == UInt8(ascii: "e") { break }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { continue }
            if significant > 0 || byte != UInt8(ascii: "0") { significant += 1 }
        }
        if significant > 15 { return true }
        if value == 0 {
            // `0e-200` and `0.` with 129 zeros are beyond `Decimal`'s exponent range, as is any
            // zero written with non-zero digits; only short plain zeros read as the double.
            return text.count > 15
                || text.contains {
                    ($0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9")) || $0 | 0x20 == UInt8(ascii: "e")
                }
        }
        // Near the ends of Decimal's exponent range, trailing zeros decide whether a text fits.
        return value.magnitude > 1e90 || (value != 0 && value.magnitude < 1e-90)
    }

    /// A minimal scanner for input the parser has already accepted. It never trusts that: every
    /// read is bounds-checked and anything unexpected ends the walk early.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        private enum Frame {
            case object(JSONNode?)
            case array(JSONNode?, index: Int)
        }

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        mutating func scan(_ root: JSONNode, _ visit: (JSONNode, UnsafeBufferPointer<UInt8>) -> Void) {
            var stack: [Frame] = []
            // Members already matched: a repeated key lost to the first one and must not be
            // paired with the first one's node.
            var matched: Set<JSONNode.ID> = []
            var pending: JSONNode? = root
            while true {
                // A value.
                skipSpace()
                guard let byte = current else { return }
                switch byte {
                case UInt8(ascii: "{"):
                    position += 1
                    stack.append(.object(pending.flatMap { $0.isObject ? $0 : nil }))
                    skipSpace()
                    if current == UInt8(ascii: "}") {
                        position += 1
                        stack.removeLast()
                    } else {
                        guard readMember(stack.last, &matched, &pending) else { return }
                        continue
                    }
                case UInt8(ascii: "["):
                    position += 1
                    let array = pending.flatMap { $0.isArray ? $0 : nil }
                    stack.append(.array(array, index: 0))
                    skipSpace()
                    if current == UInt8(ascii: "]") {
                        position += 1
                        stack.removeLast()
                    } else {
                        pending = array?.element(at: 0)
                        continue
                    }
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let start = position
                    while let next = current, Self.isNumberByte(next) { position += 1 }
                    if let node = pending {
                        visit(node, UnsafeBufferPointer(rebasing: bytes[start..<position]))
                    }
                default:
                    while let next = current, next >= UInt8(ascii: "a"), next <= UInt8(ascii: "z") { position += 1 }
                }
                // After a value: the next element or member, or the end of containers.
                while true {
                    guard let frame = stack.last else { return }
                    skipSpace()
                    guard let separator = current else { return }
                    position += 1
                    switch (frame, separator) {
                    case (.array(let array, let index), UInt8(ascii: ",")):
                        stack[stack.count - 1] = .array(array, index: index + 1)
                        pending = array?.element(at: index + 1)
                    case (.object, UInt8(ascii: ",")):
                        skipSpace()
                        if current == UInt8(ascii: "}") {  // a trailing comma
                            position += 1
                            stack.removeLast()
                            continue
                        }
                        guard readMember(frame, &matched, &pending) else { return }
                    case (.array, UInt8(ascii: "]")), (.object, UInt8(ascii: "}")):
                        stack.removeLast()
                        continue
                    default:
                        return
                    }
                    break
                }
            }
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
        }

        /// Reads `"key":` and points `pending` at the member's node (nil when it has none).
        private mutating func readMember(
            _ frame: Frame?, _ matched: inout Set<JSONNode.ID>, _ pending: inout JSONNode?
        ) -> Bool {
            guard current == UInt8(ascii: "\""), let key = skipString() else { return false }
            skipSpace()
            guard current == UInt8(ascii: ":") else { return false }
            position += 1
            pending = nil
            guard case .object(let object?) = frame else { return true }
            let member: JSONNode?
            if key.contains(UInt8(ascii: "\\")) {
                let unescaped = JSONStringEscapes.unescape(key)
                member = unescaped.withUnsafeBufferPointer { object.member(utf8: $0) }
            } else {
                member = object.member(utf8: key)
            }
            if let member, matched.insert(member.identity).inserted { pending = member }
            return true
        }

        /// Skips a string starting at its opening quote; returns its raw content.
        private mutating func skipString() -> UnsafeBufferPointer<UInt8>? {
            position += 1
            let start = position
            while let byte = current {
                if byte == UInt8(ascii: "\"") {
                    let content = UnsafeBufferPointer(rebasing: bytes[start..<position])
                    position += 1
                    return content
                }
                position += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            return nil
        }
    }
}

/// Decoding the escapes of a JSON string's raw text (already validated by the parser).
package enum JSONStringEscapes {
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var value: UInt32 = 0
            for byte in raw[at..<at + 4] {
                guard let digit = byte.hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var code = hex4(index) else { return out }
                index += 4
                if (0xD800..<0xDC00).contains(code), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2), (0xDC00..<0xE000).contains(low)
                {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                out.append(contentsOf: Unicode.Scalar(code).map { Array(String($0).utf8) } ?? [])
            default: out.append(escape)
            }
        }
        return out
    }
}

extension UInt8 {
    fileprivate var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
