import Foundation

/// JSON text lent to the core for the length of one call: the bytes of a `Data`, an array, a
/// `RawSpan` (a NIO `ByteBuffer`'s readable bytes), read in place without a copy.
///
/// The front ends hand input to the core only as this view, made by ``with(_:_:)-(Bytes,_)`` /
/// ``with(_:_:)-(RawSpan,_)``; they slice it and count it but never see its address, so every
/// unsafe pointer stays inside FastMapCore (ARCHITECTURE.md, the one-way rule). A view is valid
/// only inside the closure that received it: whoever keeps one longer (the decoder's
/// ``NumberTextSource``) drops it before that closure returns.
package struct JSONInput {
    /// The lent bytes. Internal: only the core reads them (parsers, number texts).
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Lends `bytes` (a `Data`, `[UInt8]`, `ArraySlice<UInt8>`, any contiguous bytes) to `body`.
    package static func with<Bytes: ContiguousBytes, Result>(
        _ bytes: Bytes, _ body: (JSONInput) throws -> Result
    ) rethrows -> Result {
        try bytes.withUnsafeBytes { try body(JSONInput($0)) }
    }

    /// Lends the bytes of `span` to `body`.
    package static func with<Result>(_ span: RawSpan, _ body: (JSONInput) throws -> Result) rethrows -> Result {
        try span.withUnsafeBytes { try body(JSONInput($0)) }
    }

    /// How many bytes there are.
    package var count: Int { bytes.count }

    /// Whether there are no bytes.
    package var isEmpty: Bool { bytes.isEmpty }

    /// The bytes from `offset` on (none when `offset` is past the end).
    package func dropFirst(_ offset: Int) -> JSONInput {
        JSONInput(UnsafeRawBufferPointer(rebasing: bytes[min(max(0, offset), bytes.count)...]))
    }

    /// The bytes of `range`, clamped to the input.
    package subscript(range: Range<Int>) -> JSONInput {
        let clamped = range.clamped(to: 0..<bytes.count)
        return JSONInput(UnsafeRawBufferPointer(rebasing: bytes[clamped]))
    }
}

/// The input encodings `JSONDecoder` accepts (RFC 4627 section 3): UTF-8 with or without a byte
/// order mark, and UTF-16 / UTF-32 told apart by a mark or by where the zero bytes of the first
/// ASCII characters fall. Anything but plain UTF-8 is converted once before parsing.
extension JSONInput {
    /// Calls `body` with `input` as UTF-8; text in another encoding that does not convert throws
    /// what `invalid` makes of the syntax error (each front end reports errors its own way).
    package static func withUTF8<Result>(
        _ input: JSONInput, invalid: (FastMapError) -> any Error, _ body: (JSONInput) throws -> Result
    ) throws -> Result {
        let (encoding, markLength) = detect(input.bytes)
        let content = input.dropFirst(markLength)
        guard encoding != .utf8 else { return try body(content) }
        guard var text = String(bytes: content.bytes, encoding: encoding) else {
            throw invalid(FastMapError(kind: .syntax, message: "The input is not valid \(encoding) text."))
        }
        return try text.withUTF8 { try body(JSONInput(UnsafeRawBufferPointer($0))) }
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
