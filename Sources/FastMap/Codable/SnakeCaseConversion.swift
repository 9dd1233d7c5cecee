import Foundation

/// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`, with `JSONEncoder`'s exact results:
/// words split where lower case turns upper case and before the last capital of a run of
/// capitals followed by lower case, joined by `_` and lowercased; leading and trailing `_`
/// kept (`myURLValue` → `my_url_value`, `URLValue` → `u_rl_value`, `ABC` → `a_bc`).
///
/// "Upper case" means the Unicode general categories Lu and Lt, "lower case" Ll, checked per
/// Unicode scalar, while the steps around a capital move by whole characters, as in
/// Foundation (the differential tests compare both on every scalar up to U+31FFF).
enum SnakeCaseConversion {
    static func convert(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        var key = key
        // Bridged strings become native UTF-8, which their `utf8.span` needs.
        key.makeContiguousUTF8()
        return convertASCII(key) ?? convertUnicode(key)
    }

    /// The same algorithm on bytes, for ASCII keys without a CR LF pair (where one byte is
    /// one character); nil for any other key.
    private static func convertASCII(_ key: String) -> String? {
        let bytes = key.utf8.span
        let count = bytes.count
        var sawUpper = false
        for index in 0..<count {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A { return nil }
            if isUpper(byte) { sawUpper = true }
        }
        guard sawUpper else { return key }

        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = firstIndex(in: bytes, from: searchStart, where: isUpper) {
            words.append(wordStart..<upper)
            guard let lower = firstIndex(in: bytes, from: upper, where: isLower) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<count)

        var result: [UInt8] = []
        result.reserveCapacity(count + words.count)
        for (number, word) in words.enumerated() {
            if number > 0 { result.append(UInt8(ascii: "_")) }
            for index in word {
                let byte = bytes[index]
                result.append(isUpper(byte) ? byte + 32 : byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    @inline(__always) private static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    @inline(__always) private static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }

    private static func firstIndex(
        in bytes: Span<UInt8>, from start: Int, where predicate: (UInt8) -> Bool
    ) -> Int? {
        var index = start
        while index < bytes.count {
            if predicate(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    private static func convertUnicode(_ key: String) -> String {
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchRange = key.index(after: wordStart)..<key.endIndex
        while let upper = firstScalar(of: key, in: searchRange, where: isUpper) {
            words.append(wordStart..<upper.lowerBound)
            searchRange = upper.lowerBound..<searchRange.upperBound
            guard let lower = firstScalar(of: key, in: searchRange, where: isLower) else {
                wordStart = searchRange.lowerBound
                break
            }
            if lower.lowerBound == key.index(after: upper.lowerBound) {
                wordStart = upper.lowerBound
            } else {
                // Both bounds can fall inside one character (a capital followed by a
                // lowercase combining letter); never build a reversed range.
                let beforeLower = max(key.index(before: lower.lowerBound), upper.lowerBound)
                words.append(upper.lowerBound..<beforeLower)
                wordStart = beforeLower
            }
            searchRange = lower.upperBound..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    private static func firstScalar(
        of key: String, in range: Range<String.Index>, where predicate: (Unicode.Scalar) -> Bool
    ) -> Range<String.Index>? {
        let scalars = key.unicodeScalars[range]
        guard let index = scalars.firstIndex(where: predicate) else { return nil }
        return index..<key.unicodeScalars.index(after: index)
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
