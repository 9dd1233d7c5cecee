@_spi(FastMapCore) import FastMapCore
import Foundation

extension EncodingTreeNumber {
    /// The node FastMap's parser builds for this number's text: integers within 64 bits as
    /// integers, everything else (`-0`, a fraction or an exponent, more digits) kept as written.
    func makeNode(topLevel: Any) throws -> JSONBuildNode {
        switch self {
        case .signed(let value):
            return .makeInteger(value)
        case .unsigned(let value):
            guard value > UInt64(Int64.max) else { return .makeInteger(Int64(value)) }
            return JSONBuildNode.makeUnsignedBits(value)
        case .double, .float, .text:
            var writer = JSONByteWriter(prettyPrinted: false, escapeSlashes: false, keyOrder: .stored, capacity: 32)
            write(to: &writer)
            let text = writer.text
            return try Self.node(forText: text, topLevel: topLevel)
        }
    }

    private static func node(
        forText text: String, topLevel: Any
    ) throws -> JSONBuildNode {
        let isInteger = !text.utf8.contains {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        if isInteger && text != "-0" {
            if let value = Int64(text) { return .makeInteger(value) }
            if let value = UInt64(text) { return JSONBuildNode.makeUnsignedBits(value) }
        }
        // Any other JSON number is kept as written, as the parser keeps it.
        if JSONNumberGrammar.matches(text) { return .makeKeptNumber(text) }
        let message =
            "the number \(text) cannot be held by a JSON value (it is not a JSON number)"
        throw EncodingError.fastMapInvalidValue(topLevel, codingPath: [], message: message, kind: .numberOutOfRange)
    }
}
