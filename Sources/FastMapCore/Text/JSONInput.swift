import Foundation

/// The input encodings `JSONDecoder` accepts (RFC 4627 section 3): UTF-8 with or without a byte
/// order mark, and UTF-16 / UTF-32 told apart by a mark or by where the zero bytes of the first
/// ASCII characters fall. Anything but plain UTF-8 is converted once before parsing.
package enum JSONInput {
    /// Calls `body` with `input` as UTF-8; text in another encoding that does not convert throws
    /// what `invalid` makes of the syntax error (each front end reports errors its own way).
    package static func withUTF8<Result>(
        _ input: UnsafeRawBufferPointer, invalid: (FastMapError) -> any Error,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        let (encoding, markLength) = detect(input)
        let content = UnsafeRawBufferPointer(rebasing: input[markLength...])
        guard encoding != .utf8 else { return try body(content) }
        guard var text = String(bytes: content, encoding: encoding) else {
            throw invalid(FastMapError(kind: .syntax, message: "The input is not valid \(encoding) text."))
        }
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    private static func detect(_ input: UnsafeRawBufferPointer) -> (String.Encoding, markLength: Int) {
        let count = input.count
        let b0: UInt8? = count > 0 ? input[0] : nil
        let b1: UInt8? = count > 1 ? input[1] : nil
        let b2: UInt8? = count > 2 ? input[2] : nil
        let b3: UInt8? = count > 3 ? input[3] : nil
        switch (b0, b1, b2, b3) {
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0x00, 0x00): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
        case (0x00, 0x00, 0x00, let last?) where last != 0: return (.utf32BigEndian, 0)
        case (0x00, let second?, 0x00, let fourth?) where second != 0 && fourth != 0: return (.utf16BigEndian, 0)
        case (let first?, 0x00, 0x00, 0x00) where first != 0: return (.utf32LittleEndian, 0)
        case (let first?, 0x00, let third?, 0x00) where first != 0 && third != 0: return (.utf16LittleEndian, 0)
        case (0x00, let second?, nil, nil) where second != 0: return (.utf16BigEndian, 0)
        case (let first?, 0x00, nil, nil) where first != 0: return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }
}
